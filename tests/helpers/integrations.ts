import type { FastifyInstance } from 'fastify';
import type { AdminSession } from './admin';
import { ghlTestSettings, type GhlStandIn } from './ghl-stand-in';

/** The GHL settings of an app that talks to the stand-in. */
export function ghlTestEnv(standIn: Pick<GhlStandIn, 'url'>) {
  return {
    GHL_API_BASE: standIn.url,
    GHL_TOKEN: ghlTestSettings.token,
    GHL_LOCATION_ID: ghlTestSettings.locationId,
  };
}

/** Runs the outbox until nothing is due (jobs retried later stay for a moved clock). */
export async function drainJobs(app: Pick<FastifyInstance, 'jobWorker'>) {
  let total = 0;
  for (let ran = await app.jobWorker.runOnce(); ran > 0; ran = await app.jobWorker.runOnce()) {
    total += ran;
  }
  return total;
}

type Method = 'GET' | 'POST';

/** An admin call as the dashboard makes it: the session's cookie, CSRF token and Origin. */
export function adminCall(
  app: Pick<FastifyInstance, 'inject'>,
  session: AdminSession,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
