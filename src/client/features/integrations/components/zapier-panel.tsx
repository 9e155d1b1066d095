import { useState } from 'react';
import { webhookUrlInput, type ZapierStatus } from '~/shared/schemas/integrations';
import { TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import {
  useRotateSecret,
  useSaveWebhookUrl,
  useSendTestEvent,
  useZapierSecretQuery,
  useZapierStatusQuery,
} from '~/client/features/integrations/api/zapier';
import { DeliveryLog } from './delivery-log';
import { ActionButton, QueryPanel } from '~/client/components/ui/panel-parts';

/** The tab's contracts are in its chunk already (the status' types come from that module). */
const loadSchema = () => Promise.resolve(webhookUrlInput);

/**
 * The Zapier Integration tab: the webhook the site posts its events to (donations, monthly gifts,
 * applications, messages, newsletter confirmations, comments), a test event, the signing secret
 * and the delivery log.
 */
export default function ZapierPanel() {
  const status = useZapierStatusQuery();
  return (
    <QueryPanel
      title="Zapier Integration"
      description="The site posts each event to your Zap's webhook (a 'Catch Hook' trigger), signed so the Zap can tell it came from here. Private words (prayer intentions, messages) are never sent."
      query={status}
      loadingLabel="Loading the webhook…"
      errorTitle="Could not load the webhook settings"
    >
      {(data) => (
        <>
          <StatusCard status={data} />
          <WebhookForm status={data} />
          {data.configured ? <SecretCard status={data} /> : null}
          <DeliveryLog endpointEnabled={data.enabled} />
        </>
      )}
    </QueryPanel>
  );
}

function StatusCard({ status }: { status: ZapierStatus }) {
  const [label, tone] = !status.configured
    ? ['Not configured', 'bg-amber-100 text-amber-900']
    : status.enabled
      ? ['Active', 'bg-emerald-100 text-emerald-900']
      : ['Disabled', 'bg-red-100 text-red-900'];
  return (
    <div role="status" className="rounded-lg bg-white p-4 shadow-sm">
      <p className="flex items-center gap-2 font-semibold text-navy-950">
        Webhook:
        <span className={`rounded-full px-2 py-0.5 text-sm ${tone}`}>{label}</span>
      </p>
      <p className="mt-1 text-sm text-stone-800">{status.message}</p>
      {status.webhookUrl ? (
        <p className="mt-1 text-sm break-all text-stone-800">{status.webhookUrl}</p>
      ) : null}
      {status.disabledReason ? (
        <p className="mt-1 text-sm text-red-800">{status.disabledReason}</p>
      ) : null}
    </div>
  );
}

function WebhookForm({ status }: { status: ZapierStatus }) {
  const toast = useToast();
  const form = useZodForm(loadSchema, { url: status.webhookUrl ?? '' });
  const save = useSaveWebhookUrl();
  const test = useSendTestEvent();

  const saveUrl = async ({ url }: { url: string }) => {
    try {
      const result = await save.mutateAsync(url);
      toast({ title: 'Webhook Saved', description: result.message });
    } catch (error) {
      toast(failureToast(error, 'Failed to save the webhook URL', 'Update Failed'));
      throw error;
    }
  };
  const refused = (errors: Record<string, string>) =>
    toast({ title: 'Invalid URL', description: errors.url ?? '', variant: 'destructive' });

  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: (result) =>
        result.success
          ? toast({ title: 'Test Sent', description: result.message })
          : toast({ title: 'Test Failed', description: result.message, variant: 'destructive' }),
      onError: (error) => toast(failureToast(error, 'Failed to send the test event', 'Test Error')),
    });

  return (
    <form
      {...form.formProps}
      aria-label="Webhook URL"
      onSubmit={form.submitWith(saveUrl, refused)}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm"
    >
      <TextField
        label="Webhook URL"
        type="url"
        {...form.field('url')}
        placeholder="https://hooks.zapier.com/hooks/catch/…"
        hint="Saving the URL of a disabled webhook turns deliveries back on."
      />
      <div className="flex flex-wrap gap-2">
        <ActionButton type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Webhook URL'}
        </ActionButton>
        {status.configured ? (
          <ActionButton onClick={onTest} disabled={test.isPending}>
            {test.isPending ? 'Sending...' : 'Send Test Event'}
          </ActionButton>
        ) : null}
      </div>
    </form>
  );
}

function SecretCard({ status }: { status: ZapierStatus }) {
  const toast = useToast();
  const [shown, setShown] = useState(false);
  const secret = useZapierSecretQuery(shown);
  const rotate = useRotateSecret();
  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setShown(true);
        toast({
          title: 'Secret Rotated',
          description:
            'Deliveries are signed with the old secret too for 24 hours: update your Zap meanwhile.',
        });
      },
      onError: (error) =>
        toast(failureToast(error, 'Failed to rotate the signing secret', 'Update Failed')),
    });
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-navy-950">Signing secret</h3>
      <p className="text-sm text-stone-800">
        Each delivery carries the Standard Webhooks headers webhook-id, webhook-timestamp and
        webhook-signature (HMAC-SHA256 with this secret). Check them in your Zap before trusting an
        event.
      </p>
      {shown && secret.data ? (
        <code className="block rounded bg-stone-100 p-2 text-sm break-all text-stone-900">
          {secret.data.secret}
        </code>
      ) : null}
      {status.previousSecretExpiresAt ? (
        <p className="text-sm text-stone-700">
          The previous secret still signs too until it expires.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <ActionButton onClick={() => setShown((s) => !s)} aria-expanded={shown}>
          {shown ? 'Hide Secret' : 'Show Secret'}
        </ActionButton>
        <ActionButton tone="danger" onClick={onRotate} disabled={rotate.isPending}>
          {rotate.isPending ? 'Rotating...' : 'Rotate Secret'}
        </ActionButton>
      </div>
    </div>
  );
}
