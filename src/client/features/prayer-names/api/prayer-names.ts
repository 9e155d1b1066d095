import { methodOf, urlOf, type Route } from '~/shared/route';
import { prayerNamesApi } from '~/shared/api/prayer-names';
import type * as z from 'zod/mini';
import { messageResponse, noContent } from '~/shared/schemas/common';
import {
  prayerNamesListing,
  prayerNameView,
  type PrayerNameInput,
} from '~/shared/schemas/prayer-names';
import { postJson, readAnswer, toApiError, type Contract } from '~/client/lib/api';

export function requestPrayerLink(email: string) {
  return postJson(prayerNamesApi.requestLink, { email }, messageResponse);
}

/**
 * A call of the names API. The session is the HttpOnly cookie the emailed link set (ADR 021):
 * the browser sends it with these same-site calls; no script can read it.
 */
async function call<S extends z.core.$ZodType>(
  contract: Contract<S>,
  route: Route,
  path: string,
  body?: unknown,
) {
  const response = await fetch(path, {
    method: methodOf(route),
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

const { list, add, update, renew, remove } = prayerNamesApi;
export const listPrayerNames = () => call(prayerNamesListing, list, urlOf(list));
export const addPrayerName = (fields: PrayerNameInput) =>
  call(prayerNameView, add, urlOf(add), fields);
export const editPrayerName = (id: string, fields: PrayerNameInput) =>
  call(prayerNameView, update, urlOf(update, { params: { id } }), fields);
export const renewPrayerName = (id: string) =>
  call(prayerNameView, renew, urlOf(renew, { params: { id } }));
export const removePrayerName = (id: string) =>
  call(noContent, remove, urlOf(remove, { params: { id } }));
