/**
 * The year Statements opens on. In January, last year: its statements are mailed that month
 * (site.config.ts, `statementsSendOn`), and the office checks, previews and sends them then.
 * From February to December, the year under way: the office follows its gifts, and in
 * November and December answers "what have I given this year?" before the year-end gifts.
 */
export function openingStatementYear(now: Date): number {
  const year = now.getFullYear();
  return now.getMonth() === 0 ? year - 1 : year;
}
