/** The office's ledger, by the file: a CSV of gifts received another way, imported all or nothing. */
export { giftImportRoutes } from './routes';
