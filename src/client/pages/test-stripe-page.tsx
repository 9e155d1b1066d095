import { urlOf } from '~/shared/route';
import { donationsApi } from '~/shared/api/donations';
import { useState } from 'react';
import { PageHeader } from '~/client/components/layout/page-header';
import { Button } from '~/client/components/ui/button';

interface Probe {
  status: string;
  headers: string;
  body: string;
  summary: string | null;
}

/** A plain reading of /api/stripe-config for the people setting the site up. */
function summarize(body: string): string | null {
  try {
    const config = JSON.parse(body) as {
      configured?: boolean;
      mode?: string | null;
      settings?: Record<string, boolean>;
    };
    if (!config.configured) {
      return 'Card payments are not configured: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not both set.';
    }
    const webhook = config.settings?.webhookSecret
      ? 'the webhook secret is set'
      : 'the webhook secret is NOT set (renewals and refunds will not be recorded)';
    return `Card payments are configured in ${config.mode} mode; ${webhook}.`;
  } catch {
    return null;
  }
}

/**
 * Spec 2, /test-stripe: fetches the payment configuration endpoint and prints its status,
 * headers and body. The endpoint shows the publishable key and which settings are present,
 * never a secret.
 */
export default function TestStripePage() {
  const [probe, setProbe] = useState<Probe | null>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const response = await fetch(urlOf(donationsApi.stripeConfig), {
        cache: 'no-store',
        headers: { accept: 'application/json', 'cache-control': 'no-cache' },
      });
      const body = await response.text();
      const headers = [...response.headers.entries()]
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n');
      let pretty = body;
      try {
        pretty = JSON.stringify(JSON.parse(body), null, 2);
      } catch {
        // not JSON: shown as it came
      }
      setProbe({
        status: `${response.status} ${response.statusText}`.trim(),
        headers,
        body: pretty,
        summary: response.ok ? summarize(body) : null,
      });
    } catch (error) {
      setProbe({
        status: 'Request failed',
        headers: '',
        body: error instanceof Error ? error.message : String(error),
        summary: null,
      });
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <PageHeader title="Payment Configuration Test" />
      <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <p className="text-lg text-stone-800">
          Checks how card payments are configured on this site by calling{' '}
          <code className="rounded bg-stone-200 px-1">GET /api/stripe-config</code>.
        </p>
        <Button variant="secondary" className="mt-6" disabled={running} onClick={() => void run()}>
          {running ? 'Testing...' : 'Test Payment Configuration'}
        </Button>
        {probe ? (
          <div aria-live="polite" className="mt-8 flex flex-col gap-4">
            {probe.summary ? (
              <p className="rounded-xl bg-cream-100 p-4 font-semibold text-navy-950">
                {probe.summary}
              </p>
            ) : null}
            <h2 className="text-xl font-semibold text-navy-950">Status</h2>
            <pre className="rounded-lg bg-navy-950 p-4 text-sm break-all whitespace-pre-wrap text-white">
              {probe.status}
            </pre>
            <h2 className="text-xl font-semibold text-navy-950">Headers</h2>
            <pre className="rounded-lg bg-navy-950 p-4 text-sm break-all whitespace-pre-wrap text-white">
              {probe.headers}
            </pre>
            <h2 className="text-xl font-semibold text-navy-950">Body</h2>
            <pre className="rounded-lg bg-navy-950 p-4 text-sm break-all whitespace-pre-wrap text-white">
              {probe.body}
            </pre>
          </div>
        ) : null}
      </section>
    </>
  );
}
