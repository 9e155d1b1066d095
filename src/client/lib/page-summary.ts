export interface PageState {
  /** Rows skipped before this page. */
  offset: number;
  /** Rows per page. */
  limit: number;
  /** Rows on this page. */
  shown: number;
  /** Rows matching; a lower bound when `totalIsExact` is false. */
  total: number;
  totalIsExact?: boolean;
}

const count = (n: number) => n.toLocaleString('en-US');

/** 'Showing 26–50 of 1,234', and whether there is a page before and after this one. */
export function pageSummary({ offset, limit, shown, total, totalIsExact = true }: PageState) {
  const first = shown === 0 ? 0 : offset + 1;
  const last = offset + shown;
  const of = totalIsExact ? count(total) : `more than ${count(total)}`;
  return {
    text: shown === 0 ? `Showing 0 of ${of}` : `Showing ${count(first)}–${count(last)} of ${of}`,
    hasPrevious: offset > 0,
    hasNext: !totalIsExact || offset + limit < total,
    previousOffset: Math.max(0, offset - limit),
    nextOffset: offset + limit,
  };
}
