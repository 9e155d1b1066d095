/** The fixed header's height: in-page anchors land this far below the top of the window. */
export const HEADER_OFFSET = 80;

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Smoothly scrolls the element with this id to just below the header. False if absent. */
export function scrollToAnchor(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - HEADER_OFFSET;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  return true;
}
