import type { Path } from '~/client/lib/value-path';

/**
 * A section's form names each field by its path in the body that saves it (`value.1.quote`),
 * the path the server's message for it carries; inside the section the same field is `1.quote`.
 */

/** The path in the body of a path inside the section ('' is the section as a whole). */
export const bodyPath = (path: Path): 'value' | `value.${string}` =>
  path === '' ? 'value' : `value.${path}`;

/** The path inside the section of a path in the body; another of the body's (the revision) as it is. */
export const sectionPath = (path: Path) =>
  path === 'value' ? '' : path.startsWith('value.') ? path.slice('value.'.length) : path;

/** Errors after an item of the list at `listPath` moved or went: those inside it are stale. */
export function withoutListErrors(errors: Record<Path, string>, listPath: Path) {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => !key.startsWith(`${listPath}.`)),
  );
}

/** Errors after `path` was given a new value: its own message and those of what it holds. */
export function withoutErrorsUnder(errors: Record<Path, string>, path: Path) {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`)),
  );
}
