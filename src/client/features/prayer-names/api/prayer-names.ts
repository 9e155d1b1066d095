import type * as z from 'zod/mini';
import { messageResponse, noContent } from '~/shared/schemas/common';
import {
  prayerNamesListing,
  prayerNameView,
  type PrayerNameInput,
} from '~/shared/schemas/prayer-names';
import { postJson, readAnswer, toApiError, type Contract } from '~/client/lib/api';

export function requestPrayerLink(email: string) {
  return postJson('/api/prayer-names/link', { email }, messageResponse);
}

/**
 * A call of the names API. The session is the HttpOnly cookie the emailed link set (ADR 021):
 * the browser sends it with these same-site calls; no script can read it.
 */
async function call<S extends z.core.$ZodType>(
  contract: Contract<S>,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  return readAnswer(path, contract, response.status === 204 ? undefined : await response.json());
}

export const listPrayerNames = () => call(prayerNamesListing, 'GET', '/api/prayer-names');
export const addPrayerName = (fields: PrayerNameInput) =>
  call(prayerNameView, 'POST', '/api/prayer-names', fields);
export const editPrayerName = (id: string, fields: PrayerNameInput) =>
  call(prayerNameView, 'PUT', `/api/prayer-names/${id}`, fields);
export const renewPrayerName = (id: string) =>
  call(prayerNameView, 'POST', `/api/prayer-names/${id}/renew`);
export const removePrayerName = (id: string) =>
  call(noContent, 'DELETE', `/api/prayer-names/${id}`);
