import siteConfig from '~/client/lib/site-config';
import { useId } from 'react';
import { useToast } from '~/client/components/ui/toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { applicationStatuses, type ApplicationStatus } from '~/shared/domain';
import {
  applicationUpdateInput,
  inboxPageSize as INBOX_PAGE_SIZE,
  notesMax as NOTES_MAX,
  type ApplicationChange,
  type MembershipApplication,
} from '~/shared/schemas/admin-inbox';
import {
  useMembershipApplicationsQuery,
  useUpdateMembershipApplication,
} from '~/client/features/admin-inbox/api/membership-applications';
import { ListPanel, useListState } from '~/client/components/ui/list-panel';
import { ActionButton, cellClass, DateTimeCell } from '~/client/components/ui/panel-parts';

const loadSchema = () => Promise.resolve(applicationUpdateInput);

const statusLabels: Record<ApplicationStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  active: 'Active',
  declined: 'Declined',
};

/** A tier by the name the site gives it; one no longer offered, by its id. */
const tierNames = new Map(siteConfig.tiers.map((t) => [t.id, t.name]));

const memberStatusLabels = {
  pending: 'pending payment',
  active: 'active',
  lapsed: 'lapsed',
  cancelled: 'cancelled',
} as const;

/** Membership applications, newest first: follow each one up, with the office's notes. */
export default function ApplicationsPanel() {
  const list = useListState<ApplicationStatus>();
  const query = useMembershipApplicationsQuery(list.status || undefined, list.offset);
  return (
    <ListPanel
      title="Applications"
      description="Membership applications, newest first. Prayer intentions are private: they stay in this screen."
      noun="applications"
      statuses={applicationStatuses}
      statusLabels={statusLabels}
      list={list}
      query={query}
      items={query.data?.applications}
      total={query.data?.total ?? 0}
      pageSize={INBOX_PAGE_SIZE}
      headers={['Received', 'Applicant', 'Tier', 'Message', 'Prayer intentions', 'Status', 'Notes']}
      // Seven columns, two of free text and a notes box, do not fit beside the navigation.
      stackBelow="wide"
      row={(application) => <ApplicationRow key={application.id} application={application} />}
    />
  );
}

function ApplicationRow({ application }: { application: MembershipApplication }) {
  const update = useUpdateMembershipApplication();
  const toast = useToast();
  const statusId = useId();
  const notesId = useId();
  const form = useZodForm(loadSchema, { notes: application.notes ?? '' });
  const notes = form.field('notes');
  const name = `${application.firstName} ${application.lastName}`;
  const save = (change: ApplicationChange, done: string) =>
    update
      .mutateAsync({ id: application.id, change })
      .then(() => toast({ title: done, description: `The application of ${name} was updated.` }))
      .catch((error: Error) => {
        toast({ title: 'Update Failed', description: error.message, variant: 'destructive' });
        throw error;
      });
  const notesChanged = notes.value !== (application.notes ?? '');

  return (
    <tr>
      <DateTimeCell iso={application.createdAt} />
      <td className={cellClass}>
        <div className="font-semibold text-navy-950">{name}</div>
        <a className="text-navy-800 underline wrap-anywhere" href={`mailto:${application.email}`}>
          {application.email}
        </a>
        {application.phone ? <div className="text-stone-700">{application.phone}</div> : null}
        {application.memberStatus ? (
          <div className="mt-1 text-sm text-stone-800">
            Member (see Members): <strong>{memberStatusLabels[application.memberStatus]}</strong>
          </div>
        ) : null}
      </td>
      <td className={cellClass}>{tierNames.get(application.tier) ?? application.tier}</td>
      <td className={`${cellClass} max-w-xs wrap-anywhere whitespace-pre-line text-stone-800`}>
        {application.message ?? '—'}
      </td>
      <td className={`${cellClass} max-w-xs wrap-anywhere whitespace-pre-line text-stone-800`}>
        {application.prayerIntentions ?? '—'}
      </td>
      <td className={cellClass}>
        <label htmlFor={statusId} className="sr-only">
          Status of {name}
        </label>
        <select
          id={statusId}
          value={application.status}
          disabled={update.isPending}
          onChange={(e) =>
            void save({ status: e.target.value as ApplicationStatus }, 'Status Changed').catch(
              () => undefined,
            )
          }
          className="rounded-md border border-stone-400 bg-white px-2 py-1 text-stone-900"
        >
          {applicationStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </select>
      </td>
      <td className={cellClass}>
        <form
          {...form.formProps}
          className="flex min-w-56 flex-col gap-2"
          onSubmit={form.submitWith(({ notes }) => save({ notes }, 'Notes Saved'))}
        >
          <label htmlFor={notesId} className="sr-only">
            Notes on {name}
          </label>
          <textarea
            id={notesId}
            name={notes.name}
            value={notes.value}
            maxLength={NOTES_MAX}
            rows={3}
            aria-invalid={notes.error ? true : undefined}
            aria-describedby={notes.error ? `${notesId}-error` : undefined}
            onChange={(e) => notes.onValue(notes.name, e.target.value)}
            className="rounded-md border border-stone-400 bg-white px-2 py-1 text-stone-900"
          />
          {notes.error ? (
            <p id={`${notesId}-error`} className="text-sm text-red-700">
              {notes.error}
            </p>
          ) : null}
          <ActionButton
            type="submit"
            disabled={update.isPending || !notesChanged}
            aria-label={`Save notes on ${name}`}
            className="self-start"
          >
            {update.isPending ? 'Saving...' : 'Save notes'}
          </ActionButton>
        </form>
      </td>
    </tr>
  );
}
