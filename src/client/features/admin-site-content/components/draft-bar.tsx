import { useState } from 'react';
import {
  sectionLabels,
  type SiteContentSection,
  type SiteContentState,
} from '~/shared/schemas/site-content';
import { Button } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { formatDateTime } from '~/client/lib/format-date-time';
import { failureToast } from '~/client/lib/failure-toast';
import {
  useDiscardDraft,
  usePublishDraft,
} from '~/client/features/admin-site-content/api/site-content';
import { PreviewFrames } from './preview-frames';

type Asked = 'publish' | 'discard' | null;

/** The draft: who saved it when, what it changes, its preview, and publishing or discarding it. */
export function DraftBar({
  state,
  unsaved,
}: {
  state: SiteContentState;
  /** Sections with edits not saved in the draft: neither previewed nor published. */
  unsaved: SiteContentSection[];
}) {
  const publish = usePublishDraft();
  const discard = useDiscardDraft();
  const toast = useToast();
  const [asked, setAsked] = useState<Asked>(null);
  const draft = state.draft;

  const onPublish = () => {
    if (!draft) return;
    publish.mutate(draft.revision, {
      onSuccess: () => {
        setAsked(null);
        toast({ title: 'Published', description: 'Visitors now see the changes.' });
      },
      onError: (error) => {
        setAsked(null);
        toast(failureToast(error, 'The changes could not be published.', 'Not published'));
      },
    });
  };
  const onDiscard = () =>
    draft &&
    discard.mutate(draft.revision, {
      onSuccess: () => {
        setAsked(null);
        toast({ title: 'Draft discarded', description: 'The editor shows what visitors see.' });
      },
      onError: (error) => {
        setAsked(null);
        toast(failureToast(error, 'The draft could not be discarded.', 'Not discarded'));
      },
    });

  return (
    <section
      aria-labelledby="site-content-draft"
      className="flex flex-col gap-4 rounded-lg border border-gold-700 bg-cream-50 p-4"
    >
      <h3 id="site-content-draft" className="text-lg font-semibold text-navy-950">
        Draft
      </h3>
      {draft ? (
        <p className="text-stone-800" data-testid="draft-summary">
          Saved <time dateTime={draft.at}>{formatDateTime(draft.at)}</time>
          {draft.by ? ` by ${draft.by}` : ''}.{' '}
          {draft.changed.length > 0
            ? `Changes: ${draft.changed.map((s) => sectionLabels[s]).join(', ')}.`
            : 'It is the same as what visitors see.'}
        </p>
      ) : (
        <p className="text-stone-800" data-testid="draft-summary">
          No draft: the editor shows what visitors see. Save a section to start one.
        </p>
      )}
      {unsaved.length > 0 ? (
        <p className="text-stone-800" data-testid="unsaved-summary">
          Not saved yet, so neither in the preview nor published:{' '}
          {unsaved.map((s) => sectionLabels[s]).join(', ')}. Save them first.
        </p>
      ) : null}
      <PreviewFrames revision={draft?.revision ?? 0} />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={!draft || publish.isPending}
          onClick={() => setAsked('publish')}
        >
          Publish
        </Button>
        <ActionButton
          tone="danger"
          disabled={!draft || discard.isPending}
          onClick={() => setAsked('discard')}
        >
          Discard draft
        </ActionButton>
      </div>
      <ConfirmDialog
        open={asked === 'publish'}
        title="Publish these changes?"
        message="Visitors see them at once."
        detail={`${unsaved.length > 0 ? `Changes not saved yet (${unsaved.map((s) => sectionLabels[s]).join(', ')}) are not published. ` : ''}The version visitors see now stays in the history below, so you can restore it.`}
        confirmLabel="Publish"
        pending={publish.isPending}
        onConfirm={onPublish}
        onDismiss={() => setAsked(null)}
      />
      <ConfirmDialog
        open={asked === 'discard'}
        title="Discard the draft?"
        message="Every saved change that is not published goes. Visitors see no difference."
        confirmLabel="Discard draft"
        pending={discard.isPending}
        onConfirm={onDiscard}
        onDismiss={() => setAsked(null)}
      />
    </section>
  );
}
