import { expect, type Page } from '@playwright/test';

/**
 * Reduced motion (WCAG 2.2.2 Pause, Stop, Hide; 2.3.3 Animation from Interactions): under
 * `prefers-reduced-motion: reduce` nothing on a page may move by itself. Two witnesses: the CSS
 * transitions and animations that start from the first byte on (`transitionrun`,
 * `animationstart`: even one shortened to nothing by the stylesheet's reduced-motion rule still
 * starts), and the animations running at the moment of the check (`document.getAnimations()`).
 */

type MotionWindow = Window & { __motionStarted?: string[] };

/** Records every transition and animation that starts in `page` from its next navigation on. */
export async function recordMotion(page: Page) {
  await page.addInitScript(() => {
    const started: string[] = [];
    (window as MotionWindow).__motionStarted = started;
    const record = (event: Event) => {
      const target = event.target as Element;
      const what =
        event instanceof TransitionEvent
          ? event.propertyName
          : (event as AnimationEvent).animationName;
      started.push(
        `${event.type} ${what} on <${target.localName} class="${target.getAttribute('class') ?? ''}">`,
      );
    };
    document.addEventListener('transitionrun', record, true);
    document.addEventListener('animationstart', record, true);
  });
}

/** Fails if anything is moving now, or has started to since the page loaded (recordMotion). */
export async function expectNothingMoved(page: Page) {
  const { running, started } = await page.evaluate(() => ({
    running: document.getAnimations().map((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      return `${a.constructor.name} on <${target?.localName ?? '?'} class="${target?.getAttribute('class') ?? ''}">`;
    }),
    started: (window as MotionWindow).__motionStarted,
  }));
  expect(running, 'animations running').toEqual([]);
  expect(started, 'transitions or animations started (is recordMotion called?)').toEqual([]);
}
