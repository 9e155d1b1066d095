/**
 * Renders configuration text where **double asterisks** mark bold words (spec 3: benefits "with
 * bold markup, rendered as HTML"). Only that mark is read; everything else stays text.
 */
export function RichText({ text }: { text: string }) {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part))}</>;
}
