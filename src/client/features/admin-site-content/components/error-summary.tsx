import type { ReactNode } from 'react';
import type { SiteContentSection } from '~/shared/schemas/site-content';
import type { Path } from '~/client/lib/value-path';
import { sectionPath } from '~/client/features/admin-site-content/lib/value-path';

/** What one item of a list is called, by the list's path ('' is a section that is a list). */
const itemNouns: Partial<Record<SiteContentSection, Record<string, string>>> = {
  hero: { '': 'Slide', title: 'Title line' },
  welcome: { points: 'Point' },
  rabbi: { bio: 'Paragraph' },
  tiers: { '': 'Tier', benefits: 'Benefit' },
  membershipBenefits: { '': 'Benefit' },
  testimonials: { '': 'Testimonial' },
  miracles: { '': 'Story' },
};

/** Where a message belongs, in words: 'Testimonial 2' for `1.quote`; '' for a plain field. */
export function whereIs(section: SiteContentSection, path: Path) {
  const nouns = itemNouns[section] ?? {};
  const segments = path === '' ? [] : path.split('.');
  const places: string[] = [];
  segments.forEach((segment, i) => {
    if (!/^\d+$/.test(segment)) return;
    const noun = nouns[i === 0 ? '' : (segments[i - 1] ?? '')];
    if (noun) places.push(`${noun} ${Number(segment) + 1}`);
  });
  return places.join(', ');
}

/**
 * The field of a message: the control named by its path, else the nearest one above it (a
 * photo's `value.0.image.src` is its file input, `value.0.image.file`).
 */
function fieldOf(form: HTMLFormElement | null, path: Path) {
  const segments = path.split('.');
  for (let n = segments.length; n > 0; n -= 1) {
    const prefix = segments.slice(0, n).join('.');
    const field =
      form?.querySelector<HTMLElement>(`[name="${prefix}"]`) ??
      form?.querySelector<HTMLElement>(`[name="${prefix}.file"]`);
    if (field) return field;
  }
  return null;
}

/**
 * Why a save was refused, announced as it appears: the server's sentence, then each field's
 * message (by its path in the body: `value.1.quote`) with a button that takes focus to the field.
 */
export function ErrorSummary({
  section,
  message,
  errors,
  action,
}: {
  section: SiteContentSection;
  message: string;
  errors: [Path, string][];
  action?: ReactNode;
}) {
  const focusField = (button: HTMLElement, path: Path) =>
    fieldOf(button.closest('form'), path)?.focus();
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-error-summary
      className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900"
    >
      <p className="font-semibold">
        {errors.length > 0
          ? `Nothing was saved: ${errors.length === 1 ? 'one thing needs' : `${errors.length} things need`} fixing.`
          : message}
      </p>
      {errors.length > 0 ? (
        <ul className="mt-2 list-disc pl-5">
          {errors.map(([path, text]) => {
            const where = whereIs(section, sectionPath(path));
            return (
              <li key={path}>
                {path === 'value' ? (
                  text
                ) : (
                  <button
                    type="button"
                    className="text-left underline"
                    onClick={(event) => focusField(event.currentTarget, path)}
                  >
                    {where ? `${where}: ${text}` : text}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {action}
    </div>
  );
}
