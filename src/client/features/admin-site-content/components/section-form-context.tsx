import { createContext, useContext } from 'react';
import type { ContentImage, SiteContentState } from '~/shared/schemas/site-content';
import { getAt, type Path } from '~/client/features/admin-site-content/lib/value-path';

/**
 * What every field of the open section reads: the section's value as edited, the server's
 * messages by path, and how to change one path. Fields take their path as their `name`, so the
 * form can find the field of a message.
 */
export interface SectionFormValue {
  value: unknown;
  errors: Record<Path, string>;
  set: (path: Path, next: unknown) => void;
  /** A list at `path` changed shape (moved, added, removed): its items' messages are stale. */
  reshaped: (path: Path, next: unknown[]) => void;
  /** The site's time zone, the Rabbi's name and the tiers' names and prices: not edited here. */
  fixed: SiteContentState['fixed'];
  /** Photos upload at once; the answer goes into the form. */
  upload: (file: File) => Promise<ContentImage>;
}

export const SectionFormContext = createContext<SectionFormValue | null>(null);

export function useSectionForm() {
  const form = useContext(SectionFormContext);
  if (!form) throw new Error('useSectionForm must be used inside a section form');
  return form;
}

/** One path's value, its message and its setter. */
export function useField<T>(path: Path) {
  const form = useSectionForm();
  return {
    value: getAt(form.value, path) as T,
    error: form.errors[path] || undefined,
    set: (next: T) => form.set(path, next),
  };
}
