/** Pledges: a donor's promise to give, listed apart from the gifts until it is paid. */
export { pledgeRoutes } from './routes';
