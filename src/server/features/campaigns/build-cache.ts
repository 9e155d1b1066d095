/**
 * Things built from a snapshot version (a share image, a team's wall), kept in memory, one per
 * key (which names the version): each is built once per instance however many requests ask for
 * it, and requests that arrive while it is built wait for that one build. Bounded: past `max`,
 * the one used least lately goes (a busy campaign day moves through versions fast; only the
 * latest is asked for).
 */
export interface BuildCache<T> {
  get(key: string, build: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function createBuildCache<T>(max: number): BuildCache<T> {
  const kept = new Map<string, Promise<T>>();
  return {
    get(key, build) {
      const found = kept.get(key);
      if (found) {
        // Last used goes last: the Map's order is the order of use.
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      const building = build();
      kept.set(key, building);
      // A failed build is not kept: the next request tries again.
      building.catch(() => {
        if (kept.get(key) === building) kept.delete(key);
      });
      while (kept.size > max) kept.delete(kept.keys().next().value!);
      return building;
    },
    get size() {
      return kept.size;
    },
  };
}
