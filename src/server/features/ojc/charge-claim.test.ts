import { describe, expect, it, vi } from 'vitest';
import { campaigns } from '~/db/schema';
import type { Database } from '~/db/client';
import { liveCampaign } from '~tests/helpers/campaigns';
import { createOjcPayment, setUpOjcTestApp } from '~tests/helpers/ojc';
import { claimCharge, releaseCharge } from './charge-claim';

const ojc = setUpOjcTestApp({}, { admin: { username: 'ojc-claim-office' } });

/** The database, except that the campaign's version cannot be bumped. */
function withCampaignsDown(db: Database): Database {
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (key !== 'update' || typeof value !== 'function') {
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (table: unknown) => {
        if (table === campaigns) throw new Error('the campaigns table is unreachable');
        return (value as (t: unknown) => unknown).call(target, table);
      };
    },
  });
}

describe('claiming an OJC charge for a campaign gift', () => {
  it('keeps the claim and the release when the campaign page cannot be told', async () => {
    await liveCampaign(ojc.app, ojc.admin, { slug: 'claim-day', title: 'Claim day', goal: 5000 });
    const paymentId = await createOjcPayment(ojc.app, { amount: 18, campaign: 'claim-day' });
    const db = withCampaignsDown(ojc.app.database.db);
    const log = { warn: vi.fn() };
    const now = ojc.app.clock();

    const claimed = await claimCharge(db, paymentId, now, log);
    expect(claimed?.ojcChargingSince).not.toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);

    await releaseCharge(db, paymentId, now, { declined: false, log });
    expect(await ojc.donationOf(paymentId)).toMatchObject({ ojcChargingSince: null });
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});
