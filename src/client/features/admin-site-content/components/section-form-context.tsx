import { createContext, useContext } from 'react';
import type { ContentImage, SiteContentState } from '~/shared/schemas/site-content';
import type { BoundField } from '~/client/lib/use-zod-form';
import type { Path } from '~/client/lib/value-path';

/**
 * What every field of the open section reads, by its path inside the section ('1.quote'): the
 * section's form binds it (useZodForm's field(), named by its path in the body that saves it,
 * 'value.1.quote', as the server's message for it is), says what the path holds and changes it.
 */
export interface SectionFormValue {
  field: (path: Path) => BoundField<string>;
  /** What the section holds at `path`: a list, a photo, a number. */
  valueAt: (path: Path) => unknown;
  errorAt: (path: Path) => string | undefined;
  /** The name of the control at `path` (a photo's file input, `image.file`). */
  nameOf: (path: Path) => string;
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
    value: form.valueAt(path) as T,
    error: form.errorAt(path),
    set: (next: T) => form.set(path, next),
  };
}
