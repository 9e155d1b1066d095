import { HEADER_OFFSET, prefersReducedMotion } from '~/client/lib/scroll';

/**
 * The hero's scroll-down arrow: to the section with id `storyline`, else to the page's second
 * section, 80 px below the top for the header. Focus follows so keyboard users continue there.
 */
export function scrollToStoryline() {
  const target =
    document.getElementById('storyline') ?? document.querySelectorAll('main section')[1];
  if (!(target instanceof HTMLElement)) return;
  const top = target.getBoundingClientRect().top + window.scrollY - HEADER_OFFSET;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
