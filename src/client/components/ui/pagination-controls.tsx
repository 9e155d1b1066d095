import { pageSummary, type PageState } from '~/client/lib/page-summary';
import { ActionButton } from './panel-parts';

/** 'Showing 26–50 of 1,234' with Previous and Next: the server pages, this asks for a page. */
export function PaginationControls({
  label,
  page,
  onOffset,
  busy,
}: {
  /** Names the navigation landmark: 'Donor pages'. */
  label: string;
  page: PageState;
  onOffset: (offset: number) => void;
  busy?: boolean;
}) {
  const summary = pageSummary(page);
  if (!summary.hasPrevious && !summary.hasNext && page.shown === page.total) {
    return <p className="text-sm text-stone-700">{summary.text}</p>;
  }
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-700" aria-live="polite">
        {summary.text}
      </p>
      <div className="flex gap-2">
        <ActionButton
          onClick={() => onOffset(summary.previousOffset)}
          disabled={busy || !summary.hasPrevious}
        >
          Previous
        </ActionButton>
        <ActionButton
          onClick={() => onOffset(summary.nextOffset)}
          disabled={busy || !summary.hasNext}
        >
          Next
        </ActionButton>
      </div>
    </nav>
  );
}
