import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only browser tests (WCAG 2.1.1 Keyboard, 2.4.7 Focus Visible): moving focus with the
 * keys a visitor would press, and checking at every stop that the focused element is on screen
 * and shows a focus indicator (an outline at least 2 px wide, or a box-shadow ring).
 */

interface FocusReport {
  /** What has focus, for the failure message: its tag, type and text. */
  element: string;
  visible: boolean;
  indicator: boolean;
  /** Whether it is the element the caller asked about. */
  isTarget: boolean;
}

/** Runs in the page: the focused element, and whether it is visibly focused and is `target`. */
function reportFocus(target: Element | null): FocusReport | null {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const style = getComputedStyle(el);
  const transparent = (color: string) => color === 'transparent' || /,\s*0\)$/.test(color);
  const outline =
    style.outlineStyle !== 'none' &&
    parseFloat(style.outlineWidth) >= 2 &&
    !transparent(style.outlineColor);
  const shadow = style.boxShadow !== 'none';
  const box = el.getBoundingClientRect();
  const text =
    el.getAttribute('aria-label') ??
    ((el as HTMLInputElement).labels?.[0]?.textContent || el.textContent || '');
  const type = el.getAttribute('type');
  return {
    element: `<${el.tagName.toLowerCase()}${type ? ` type=${type}` : ''}> "${text.trim().slice(0, 60)}"`,
    visible: el.checkVisibility({ visibilityProperty: true }) && box.width > 1 && box.height > 1,
    indicator: outline || shadow,
    isTarget: el === target,
  };
}

function expectVisible(focus: FocusReport | null): asserts focus is FocusReport {
  expect(focus, 'nothing has keyboard focus').not.toBeNull();
  expect(focus!.visible, `${focus!.element} has focus but is not visible`).toBe(true);
  expect(focus!.indicator, `${focus!.element} shows no focus indicator`).toBe(true);
}

/** Fails unless something has focus, is on screen and shows a focus indicator. */
export async function expectFocusVisible(page: Page) {
  expectVisible(await page.evaluate(reportFocus, null));
}

/** `target` has focus and shows it. */
export async function expectVisibleFocusOn(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  await expectFocusVisible(page);
}

/** Presses `key` (Tab, Shift+Tab, an arrow…) and checks the focus that results. */
export async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  await expectFocusVisible(page);
}

/**
 * Presses Tab (or Shift+Tab, `backwards`) until `target` has focus, at most `max` times,
 * checking every stop on the way. Fails if it never gets there.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 60, backwards = false }: { max?: number; backwards?: boolean } = {},
) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const element = await target.elementHandle();
  try {
    for (let i = 0; i < max; i += 1) {
      await page.keyboard.press(key);
      const focus = await page.evaluate(reportFocus, element);
      expectVisible(focus);
      if (focus.isTarget) return;
    }
  } finally {
    await element?.dispose();
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

/** Types into `target`, which must already have focus: no .fill, no click. */
export async function typeHere(page: Page, target: Locator, text: string) {
  await expect(target).toBeFocused();
  await page.keyboard.type(text);
}
