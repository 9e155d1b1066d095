import { RichText } from '~/client/components/ui/rich-text';

/** The office's story: paragraphs split by a blank line, **bold** as Site Content marks it. */
export function CampaignStory({ story }: { story: string }) {
  const paragraphs = story
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <section aria-label="About the campaign" className="flex flex-col gap-4">
      {paragraphs.map((paragraph, i) => (
        <p key={i} className="text-lg leading-relaxed text-stone-800">
          <RichText text={paragraph} />
        </p>
      ))}
    </section>
  );
}
