/**
 * A value of lists and groups read and written by path: the dotted path the server's field
 * messages use (`value.1.quote`), which is also the name of the field it belongs to.
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
