import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  contentMessages,
  sectionLabels,
  type SiteContentSection,
  type SiteContentState,
} from '~/shared/schemas/site-content';
import { Button } from '~/client/components/ui/button';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api';
import {
  useSaveSection,
  useUploadPhoto,
} from '~/client/features/admin-site-content/api/site-content';
import { SectionFormContext, type SectionFormValue } from './section-form-context';
import { sectionFields } from './section-fields';
import { ErrorSummary } from './error-summary';
import {
  sectionErrors,
  setAt,
  withoutErrorsUnder,
  withoutListErrors,
  type Path,
} from '~/client/features/admin-site-content/lib/value-path';

/**
 * The open section's form: its fields, Save draft, and what the server said. A refusal puts each
 * message beside its field, lists them in a summary that is announced, and moves focus to the
 * first field in error. Edits live in the panel (`value`), so moving between sections keeps them.
 */
export function SectionEditor({
  section,
  state,
  value,
  edited,
  onEdit,
  onSaved,
  onReload,
}: {
  section: SiteContentSection;
  state: SiteContentState;
  value: unknown;
  /** Whether `value` differs from what was last saved. */
  edited: boolean;
  onEdit: (value: unknown) => void;
  onSaved: () => void;
  /** Another administrator saved first: drop this section's edits and read theirs. */
  onReload: () => void;
}) {
  const save = useSaveSection();
  const uploadPhoto = useUploadPhoto();
  const toast = useToast();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<Path, string>>({});
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  // Bumped after each refusal: the effect below moves focus once the messages are on screen.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0) return;
    const form = formRef.current;
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? form?.querySelector<HTMLElement>('[data-error-summary]'))?.focus();
  }, [refusals]);

  const context: SectionFormValue = {
    value,
    errors,
    fixed: state.fixed,
    set: (path, next) => {
      onEdit(setAt(value, path, next));
      // A new photo answers for its src and sizes too: the messages under the path go.
      setErrors((prev) => withoutErrorsUnder(prev, path));
    },
    reshaped: (path, next) => {
      onEdit(setAt(value, path, next));
      setErrors((prev) => withoutListErrors(prev, path));
    },
    upload: (file) => uploadPhoto.mutateAsync(file),
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    save.mutate(
      { section, revision: state.draft?.revision ?? 0, value },
      {
        onSuccess: () => {
          onSaved();
          toast({
            title: 'Draft saved',
            description: `${sectionLabels[section]}: saved in the draft. Visitors see it once you publish.`,
          });
        },
        onError: (error) => {
          const stale = error instanceof ApiError && error.status === 409;
          const fields = error instanceof ApiError && !stale ? sectionErrors(error.fields) : {};
          setErrors(fields);
          setProblem({
            // An ApiError's message is the server's own sentence, never its status.
            message:
              (error instanceof ApiError && error.message) ||
              (stale
                ? contentMessages.staleDraft
                : 'The draft could not be saved. Please try again.'),
            stale,
          });
          setRefusals((n) => n + 1);
        },
      },
    );
  };

  const messages = Object.entries(errors).filter(([, message]) => message);
  return (
    <SectionFormContext.Provider value={context}>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={headingId}
        className="flex flex-col gap-5 rounded-lg bg-white p-6 shadow-sm"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h3 id={headingId} className="font-display text-xl font-semibold text-navy-950">
            {sectionLabels[section]}
          </h3>
          {edited ? <span className="text-sm text-stone-700">Changes not saved yet</span> : null}
        </div>
        {problem ? (
          <ErrorSummary
            section={section}
            message={problem.message}
            errors={messages}
            action={
              problem.stale ? (
                <ActionButton className="mt-3" onClick={onReload}>
                  Reload the draft
                </ActionButton>
              ) : null
            }
          />
        ) : null}
        {sectionFields[section]()}
        <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4">
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save draft'}
          </Button>
          <p className="text-sm text-stone-700">
            Saving keeps this section in the draft; visitors see nothing until you publish.
          </p>
        </div>
      </form>
    </SectionFormContext.Provider>
  );
}
