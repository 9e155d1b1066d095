/** The office's ledger: gifts received another way than the site's checkout. */
export { offlineGiftRoutes } from './routes';
export { offlineGiftValues } from './offline-gift-values';
export { recordOfflineGift, type LedgerContext } from './record-offline-gift';
