/** Donor Management: the donor records, their CSV and the payment statistics. */
export { adminDonorRoutes, donorRoutes } from './routes';
