import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useToast } from '~/client/components/ui/toast';
import { JOB_LIST_LIMIT, useJobsQuery } from '~/client/features/admin/api/list-jobs';
import { useRetryJob } from '~/client/features/admin/api/retry-job';
import { jobStatuses, type JobStatus } from '~/shared/domain';
import type { JobSummary } from '~/shared/schemas/admin';
import {
  ActionButton,
  cellClass,
  DataTable,
  DateTimeCell,
  QueryPanel,
  StatusCounts,
} from '~/client/components/ui/panel-parts';
import { StatusBadge, StatusFilter } from '~/client/components/ui/status-parts';

const statusLabels: Record<JobStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  succeeded: 'Succeeded',
  dead: 'Dead',
};

const statusTones: Record<JobStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  running: 'bg-sky-100 text-sky-900',
  succeeded: 'bg-emerald-100 text-emerald-900',
  dead: 'bg-red-100 text-red-900',
};

/** The outbox as the office sees it: how much work is where, and a second chance for dead jobs. */
export default function JobsPanel() {
  const [status, setStatus] = useState<JobStatus | ''>('');
  const query = useJobsQuery(status || undefined, { placeholderData: keepPreviousData });

  return (
    <QueryPanel
      title="Background Jobs"
      description="Mail and other work the site does after answering a visitor. A job that keeps failing ends as dead: fix the cause, then retry it."
      query={query}
      loadingLabel="Loading jobs…"
      errorTitle="Could not load the jobs"
      empty={(data) =>
        data.jobs.length > 0
          ? null
          : status
            ? `No ${statusLabels[status].toLowerCase()} jobs.`
            : 'No jobs yet.'
      }
      controls={
        <>
          {query.data ? (
            <StatusCounts
              label="Jobs by status"
              statuses={jobStatuses}
              labels={statusLabels}
              counts={query.data.counts}
              testIdPrefix="job-count"
              className="grid-cols-2 sm:grid-cols-4"
            />
          ) : null}
          <StatusFilter
            statuses={jobStatuses}
            labels={statusLabels}
            value={status}
            onChange={setStatus}
          />
        </>
      }
    >
      {(data) => <JobsTable jobs={data.jobs} status={status} />}
    </QueryPanel>
  );
}

function JobsTable({ jobs, status }: { jobs: JobSummary[]; status: JobStatus | '' }) {
  return (
    <>
      <DataTable
        caption={status ? `${statusLabels[status]} jobs` : 'All jobs'}
        headers={[
          'Job',
          'Kind',
          'Status',
          'Attempts',
          'Last error',
          'Run at',
          'Updated',
          'Actions',
        ]}
      >
        {jobs.map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </DataTable>
      {jobs.length >= JOB_LIST_LIMIT ? (
        <p className="text-sm text-stone-700">Showing the {JOB_LIST_LIMIT} most recent jobs.</p>
      ) : null}
    </>
  );
}

function JobRow({ job }: { job: JobSummary }) {
  const retry = useRetryJob();
  const toast = useToast();
  const onRetry = () =>
    retry.mutate(job.id, {
      onSuccess: () =>
        toast({ title: 'Job Retried', description: `Job #${job.id} is queued to run again.` }),
      onError: (error) =>
        toast({ title: 'Retry Failed', description: error.message, variant: 'destructive' }),
    });
  return (
    <tr>
      <td className={`${cellClass} whitespace-nowrap tabular-nums`}>#{job.id}</td>
      <td className={`${cellClass} font-mono text-xs whitespace-nowrap`}>{job.kind}</td>
      <td className={cellClass}>
        <StatusBadge label={statusLabels[job.status]} tone={statusTones[job.status]} />
      </td>
      <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
        {job.attempts} / {job.maxAttempts ?? 'default'}
      </td>
      <td className={`${cellClass} max-w-xs wrap-anywhere text-stone-800`}>
        {job.lastError ?? '—'}
      </td>
      <DateTimeCell iso={job.runAt} />
      <DateTimeCell iso={job.updatedAt} />
      <td className={cellClass}>
        {job.status === 'dead' ? (
          <ActionButton
            onClick={onRetry}
            disabled={retry.isPending}
            aria-label={`Retry job #${job.id}`}
          >
            {retry.isPending ? 'Retrying...' : 'Retry'}
          </ActionButton>
        ) : null}
      </td>
    </tr>
  );
}
