// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GiftImportPreview } from '~/shared/schemas/gift-import';
import { json, openAdminPanel, shownToast } from '~/client/test/component-test-kit';
import GiftImportPanel from './gift-import-panel';

const csv = 'Donor,Email,Amount,Date\r\nDina Levi,dina@example.org,36,2026-11-03\r\n';
const preview: GiftImportPreview = {
  headers: ['Donor', 'Email', 'Amount', 'Date'],
  mapping: { name: 0, email: 1, amount: 2, receivedOn: 3 },
  method: 'zelle',
  rows: [
    {
      line: 2,
      outcome: 'new-donor',
      name: 'Dina Levi',
      email: 'dina@example.org',
      amount: 36,
      receivedOn: '2026-11-03',
      method: 'zelle',
      reference: null,
      message: null,
    },
  ],
  counts: { 'new-donor': 1, 'known-donor': 0, duplicate: 0, error: 0 },
};

function open() {
  return openAdminPanel(<GiftImportPanel />, {
    'POST /api/admin/gift-imports/preview': json(preview),
    'POST /api/admin/gift-imports': json(
      { imported: 1, skipped: 0, receiptNumbers: ['2026-000009'], mailed: 1 },
      201,
    ),
  });
}

describe('the gift import', () => {
  it('imports the file previewed, mailing receipts only when the box is ticked', async () => {
    const { api, user } = open();
    await user.upload(
      screen.getByLabelText('CSV file of gifts'),
      new File([csv], 'deposits.csv', { type: 'text/csv' }),
    );
    const mail = await screen.findByRole<HTMLInputElement>('checkbox', { name: /Mail receipts/ });
    expect(mail.checked).toBe(false);
    expect(api.to('POST /api/admin/gift-imports/preview')[0]?.body).toEqual({
      fileName: 'deposits.csv',
      text: csv,
    });

    await user.click(mail);
    await user.click(screen.getByRole('button', { name: 'Import 1 gift' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Gifts Imported'));
    expect(api.to('POST /api/admin/gift-imports')[0]?.body).toEqual({
      fileName: 'deposits.csv',
      text: csv,
      mapping: preview.mapping,
      method: 'zelle',
      mailReceipts: true,
    });
    expect(
      screen.getByText(
        /^Imported 1 gift; 0 skipped as already recorded\. 1 receipt will be mailed\./,
      ),
    ).toBeTruthy();
  });

  it('sends mailReceipts false when the box is left alone', async () => {
    const { api, user } = open();
    await user.upload(
      screen.getByLabelText('CSV file of gifts'),
      new File([csv], 'deposits.csv', { type: 'text/csv' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Import 1 gift' }));
    await waitFor(() => expect(api.to('POST /api/admin/gift-imports')).toHaveLength(1));
    expect(api.to('POST /api/admin/gift-imports')[0]?.body).toMatchObject({ mailReceipts: false });
  });
});
