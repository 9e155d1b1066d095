import { useState } from 'react';
import { sectionLabels, type PublishedVersion } from '~/shared/schemas/site-content';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { useToast } from '~/client/components/ui/toast';
import { formatDateTime } from '~/client/lib/format-date-time';
import { failureToast } from '~/client/lib/failure-toast';
import { useRestoreVersion } from '~/client/features/admin-site-content/api/site-content';

/**
 * The published versions, newest (what visitors see) first, and last the content the site was
 * set up with (site.config.ts's, kept at the first publish). Restoring publishes a copy of an
 * earlier one at once; the draft, if any, stays as it is.
 */
export function HistoryList({ history }: { history: PublishedVersion[] }) {
  const restore = useRestoreVersion();
  const toast = useToast();
  const [asked, setAsked] = useState<PublishedVersion | null>(null);
  const when = (version: PublishedVersion) => formatDateTime(version.at);
  /** A version as the office names it: by when it was published, or as the site's first. */
  const named = (version: PublishedVersion) =>
    version.setup
      ? 'the content the site was set up with'
      : `the version published ${when(version)}`;
  const byId = new Map(history.map((v) => [v.id, v]));

  const confirm = () => {
    if (!asked) return;
    restore.mutate(asked.id, {
      onSuccess: () => {
        toast({
          title: 'Version restored',
          description: `Visitors now see ${named(asked)}.`,
        });
        setAsked(null);
      },
      onError: (error) => {
        toast(failureToast(error, 'The version could not be restored.', 'Not restored'));
        setAsked(null);
      },
    });
  };

  if (history.length === 0) {
    return (
      <p className="text-stone-700">
        Nothing published yet: visitors see the content the site was set up with.
      </p>
    );
  }
  return (
    <>
      <ol className="flex flex-col divide-y divide-stone-200 rounded-lg bg-white shadow-sm">
        {history.map((version, index) => {
          const source = version.restoredFrom === null ? null : byId.get(version.restoredFrom);
          return (
            <li key={version.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div>
                <p className="font-semibold text-navy-950">
                  {version.setup ? (
                    'The content the site was set up with'
                  ) : (
                    <time dateTime={version.at}>{when(version)}</time>
                  )}
                  {version.by ? `, by ${version.by}` : ''}
                  {index === 0 ? (
                    <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm text-green-900">
                      Visitors see this version
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-700">
                  {version.setup
                    ? 'The texts and photos of the site’s configuration (site.config.ts), as they were before the first publish.'
                    : null}
                  {version.restoredFrom !== null
                    ? `Restored from ${source ? named(source) : 'an earlier version'}. `
                    : ''}
                  {version.setup
                    ? null
                    : `Changed: ${version.sections.map((s) => sectionLabels[s]).join(', ') || 'nothing'}`}
                </p>
              </div>
              {index > 0 ? (
                <ActionButton
                  onClick={() => setAsked(version)}
                  disabled={restore.isPending}
                  aria-label={
                    version.setup
                      ? 'Restore this version: the content the site was set up with'
                      : `Restore this version: published ${when(version)}`
                  }
                >
                  Restore this version
                </ActionButton>
              ) : null}
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={asked !== null}
        title="Restore this version?"
        message={`Visitors see ${asked ? named(asked) : ''} at once, in place of the current version.`}
        detail="Your draft, if you have one, stays as it is. The current version stays in this history."
        confirmLabel="Restore"
        pending={restore.isPending}
        onConfirm={confirm}
        onDismiss={() => setAsked(null)}
      />
    </>
  );
}
