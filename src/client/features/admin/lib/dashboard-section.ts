import { ADMIN_HOME } from './safe-next-path';

/** The query parameter naming the dashboard's open section: `/admin?section=members`. */
export const SECTION_PARAM = 'section';

/**
 * The dashboard's address for a section, absolute (`~`) so it means the same from any nested
 * route. A query rather than a path: `/admin/donors`, `/admin/videos` and `/admin/prayer-list`
 * are pages of their own (spec 2), with their own headings and columns.
 */
export function sectionHref(id: string): string {
  return `~${ADMIN_HOME}?${new URLSearchParams({ [SECTION_PARAM]: id })}`;
}

/** The section the address names, if it is one of `sections`; else the first of them. */
export function sectionInAddress<T extends { id: string }>(
  search: string,
  sections: T[],
): T | undefined {
  const wanted = new URLSearchParams(search).get(SECTION_PARAM);
  return sections.find((s) => s.id === wanted) ?? sections[0];
}
