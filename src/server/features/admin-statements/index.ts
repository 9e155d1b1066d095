/**
 * The office's year-end statements: the year's donors and what each statement says, the preview,
 * the CSV, sending them (the yearly run and on demand); and the donors' requests to be forgotten.
 */
export { adminStatementRoutes } from './routes';
export {
  scheduleYearEndStatements,
  YEAR_END_STATEMENTS_JOB_KIND,
  yearEndStatementsJobHandler,
} from './year-end-statements';
