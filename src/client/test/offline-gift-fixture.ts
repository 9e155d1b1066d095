import type { OfflineGiftView } from '~/shared/schemas/offline-gifts';

/** A cheque recorded by the office, as its API answers: $180 from Rivka Cohen, receipt 2026-0008. */
export const offlineGiftFixture: OfflineGiftView = {
  id: '00000000-0000-4000-8000-0000000000b1',
  receiptNumber: '2026-0008',
  name: 'Rivka Cohen',
  email: null,
  address: null,
  amount: 180,
  method: 'check',
  receivedOn: '2026-11-27',
  reference: '2001',
  dedication: null,
  note: null,
  voided: false,
  voidReason: null,
  donorId: null,
  hasPhoto: false,
  campaign: null,
  team: null,
  wall: null,
  cleared: true,
};
