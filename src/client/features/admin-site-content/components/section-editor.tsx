import { useEffect, useId, useState } from 'react';
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
import { useZodForm } from '~/client/lib/use-zod-form';
import { getAt, setAt, type Path } from '~/client/lib/value-path';
import {
  useSaveSection,
  useUploadPhoto,
} from '~/client/features/admin-site-content/api/site-content';
import { SectionFormContext, type SectionFormValue } from './section-form-context';
import { sectionFields } from './section-fields';
import { ErrorSummary } from './error-summary';
import {
  bodyPath,
  withoutErrorsUnder,
  withoutListErrors,
} from '~/client/features/admin-site-content/lib/value-path';

/**
 * The open section's form: its fields, Save draft, and what the server said. A refusal puts each
 * message beside its field, lists them in a summary that is announced, and moves focus to the
 * first field in error. Edits live in the panel (`value`), so moving between sections keeps them.
 * The server alone checks the content (its photos, the draft's revision): the form has no schema.
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
  // The form holds the body that saves the section: each field is named by its path in it.
  const form = useZodForm(null, { value });
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  // Bumped after each refusal: the effect below moves focus once the messages are on screen.
  const [refusals, setRefusals] = useState(0);

  // A value the panel brings that this form did not make (the saved draft as the server keeps
  // it, another administrator's draft reloaded, a version restored) replaces the form's.
  const [held, setHeld] = useState(value);
  if (held !== value) {
    setHeld(value);
    if (value !== form.values.value) form.reset({ value });
  }

  useEffect(() => {
    if (refusals === 0) return;
    const element = form.formProps.ref.current;
    const invalid = element?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? element?.querySelector<HTMLElement>('[data-error-summary]'))?.focus();
    // Only a new refusal moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  const change = (
    path: Path,
    next: unknown,
    stale: (errors: Record<Path, string>, path: Path) => Record<Path, string>,
  ) => {
    const edits = setAt(form.values.value, path, next);
    form.setValue('value', edits);
    form.setErrors(stale(form.errors as Record<Path, string>, bodyPath(path)), { focus: false });
    onEdit(edits);
  };
  const context: SectionFormValue = {
    field: (path) => ({
      ...form.field(bodyPath(path)),
      onValue: (_, next) => change(path, next, withoutErrorsUnder),
      // Open while a draft is saved: a refusal takes the focus to its field at once.
      disabled: false,
    }),
    valueAt: (path) => getAt(form.values.value, path),
    errorAt: (path) => form.errors[bodyPath(path)] || undefined,
    nameOf: bodyPath,
    fixed: state.fixed,
    // A new photo answers for its src and sizes too: the messages under the path go.
    set: (path, next) => change(path, next, withoutErrorsUnder),
    reshaped: (path, next) => change(path, next, withoutListErrors),
    upload: (file) => uploadPhoto.mutateAsync(file),
  };

  const onSubmit = form.submitWith(async () => {
    setProblem(null);
    try {
      await save.mutateAsync({
        section,
        revision: state.draft?.revision ?? 0,
        value: form.values.value,
      });
      onSaved();
      toast({
        title: 'Draft saved',
        description: `${sectionLabels[section]}: saved in the draft. Visitors see it once you publish.`,
      });
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      form.setErrors(error instanceof ApiError && !stale ? error.fields : {}, { focus: false });
      setProblem({
        // An ApiError's message is the server's own sentence, never its status.
        message:
          (error instanceof ApiError && error.message) ||
          (stale ? contentMessages.staleDraft : 'The draft could not be saved. Please try again.'),
        stale,
      });
      setRefusals((n) => n + 1);
    }
  });

  const messages = Object.entries(form.errors).filter((entry): entry is [Path, string] =>
    Boolean(entry[1]),
  );
  return (
    <SectionFormContext.Provider value={context}>
      <form
        {...form.formProps}
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
          <Button type="submit" variant="secondary" disabled={form.submitting}>
            {form.submitting ? 'Saving…' : 'Save draft'}
          </Button>
          <p className="text-sm text-stone-700">
            Saving keeps this section in the draft; visitors see nothing until you publish.
          </p>
        </div>
      </form>
    </SectionFormContext.Provider>
  );
}
