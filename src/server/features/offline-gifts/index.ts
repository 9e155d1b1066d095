/** The office's ledger: gifts received another way than the site's checkout. */
export { offlineGiftRoutes } from './routes';
export { recordOfflineGift, type LedgerContext } from './record-offline-gift';
