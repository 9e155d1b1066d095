/**
 * A section's value is edited by path, the same dotted path the server's field messages use
 * inside the body (`value.1.quote` is the path `1.quote` of the section): one name ties a
 * field, its message and the summary's link together.
 */

export type Path = string;

const segments = (path: Path) => (path === '' ? [] : path.split('.'));

export function join(...parts: (string | number)[]): Path {
  return parts.filter((part) => part !== '').join('.');
}

export function getAt(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of segments(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `value` with `path` set to `next`; the objects and arrays on the way are copied. */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  const [key, ...rest] = segments(path);
  if (key === undefined) return next;
  const child = setAt(getAt(value, key), rest.join('.'), next);
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(key)] = child;
    return copy;
  }
  return { ...(value as Record<string, unknown>), [key]: child };
}

/**
 * The server's field messages for one section, by path inside the section: `value.1.quote`
 * becomes `1.quote`, `value` (the section as a whole) becomes ''. Messages about anything else
 * (the revision) are kept under their own name.
 */
export function sectionErrors(fields: Record<string, string>): Record<Path, string> {
  const errors: Record<Path, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    if (key === 'value') errors[''] = message;
    else if (key.startsWith('value.')) errors[key.slice('value.'.length)] = message;
    else errors[key] = message;
  }
  return errors;
}

/** Errors after an item of the list at `listPath` moved or went: those inside it are stale. */
export function withoutListErrors(errors: Record<Path, string>, listPath: Path) {
  const prefix = listPath === '' ? '' : `${listPath}.`;
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => !(key.startsWith(prefix) && key !== listPath)),
  );
}

/** Errors after `path` was given a new value: its own message and those of what it holds. */
export function withoutErrorsUnder(errors: Record<Path, string>, path: Path) {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`)),
  );
}
