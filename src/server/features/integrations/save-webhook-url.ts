import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { webhookUrlProblem, type AddressPolicy } from './address-guard';
import { saveEndpointUrl } from './webhook-endpoint';

/**
 * The admin sets Zapier's webhook URL: refused at the field when it leads where the site must not
 * send (`policy`), else saved (deliveries start again) and audited.
 */
export async function saveWebhookUrl(
  db: Database,
  url: string,
  policy: AddressPolicy,
  context: AuditContext,
) {
  const problem = await webhookUrlProblem(url, policy);
  if (problem) throw new AppError('validation_failed', problem, { url: problem });
  await db.transaction(async (tx) => {
    await saveEndpointUrl(tx, url, context.now);
    // The URL's host only: a Zapier hook's path is its secret.
    await recordAuditBy(tx, context, {
      action: 'settings-change',
      target: 'zapier',
      details: { webhookHost: new URL(url).host },
    });
  });
}
