/**
 * Share images kept in memory, one per key (a campaign's slug and snapshot version): each is
 * drawn once per instance, however many link previews ask for it, and requests that arrive
 * while it is drawn wait for that one drawing. Bounded: past `max` images, the one used least
 * lately goes (a busy campaign day moves through versions fast; only the latest is asked for).
 */
export interface ShareImageCache {
  get(key: string, draw: () => Promise<Buffer>): Promise<Buffer>;
  readonly size: number;
}

export function createShareImageCache(max: number): ShareImageCache {
  const kept = new Map<string, Promise<Buffer>>();
  return {
    get(key, draw) {
      const found = kept.get(key);
      if (found) {
        // Last used goes last: the Map's order is the order of use.
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      const drawing = draw();
      kept.set(key, drawing);
      // A failed drawing is not kept: the next request tries again.
      drawing.catch(() => {
        if (kept.get(key) === drawing) kept.delete(key);
      });
      while (kept.size > max) kept.delete(kept.keys().next().value!);
      return drawing;
    },
    get size() {
      return kept.size;
    },
  };
}
