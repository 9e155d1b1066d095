/** The office's ledger: gifts received another way than the site's checkout. */
export { offlineGiftRoutes } from './routes';
export { offlineGiftValues } from './offline-gift-values';
export { recordOfflineGift } from './record-offline-gift';
export type { LedgerContext } from './ledger-rules';
