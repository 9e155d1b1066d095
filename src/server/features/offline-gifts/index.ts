/** The office's ledger: gifts received another way than the site's checkout. */
export { offlineGiftRoutes } from './routes';
export { offlineGiftPhotoRoutes } from './photo-routes';
export { offlineGiftValues } from './offline-gift-values';
export { recordOfflineGift } from './record-offline-gift';
export type { LedgerContext } from './ledger-rules';
