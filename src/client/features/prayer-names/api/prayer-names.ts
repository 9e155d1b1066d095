import type * as z from 'zod/mini';
import type { PrayerIntention, PrayerRelation } from '~/shared/domain';
import { messageResponse, noContent } from '~/shared/schemas/common';
import {
  prayerNamesListing,
  prayerNameView,
  prayerSessionResponse,
} from '~/shared/schemas/prayer-names';
import { postJson, readAnswer, toApiError, type Contract } from '../../../lib/api';

/** What the names form holds as the giver types (the API's input, every field as text). */
export interface PrayerNameFields {
  hebrewName: string;
  relation: PrayerRelation;
  motherHebrewName: string;
  englishName: string;
  intention: PrayerIntention;
  note: string;
}

/** The names page's session, for this tab only: it ends with the tab or after two hours. */
const SESSION_KEY = 'prayer-names-session';
export const storedSession = () => sessionStorage.getItem(SESSION_KEY);
export const forgetSession = () => sessionStorage.removeItem(SESSION_KEY);

export function requestPrayerLink(email: string) {
  return postJson('/api/prayer-names/link', { email }, messageResponse);
}

/** Opens the emailed link (it works once) and keeps the session it gives. */
export async function openPrayerLink(token: string) {
  const { session } = await postJson('/api/prayer-names/session', { token }, prayerSessionResponse);
  sessionStorage.setItem(SESSION_KEY, session);
  return session;
}

async function call<S extends z.core.$ZodType>(
  session: string,
  contract: Contract<S>,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      'x-prayer-session': session,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  return readAnswer(path, contract, response.status === 204 ? undefined : await response.json());
}

export const listPrayerNames = (session: string) =>
  call(session, prayerNamesListing, 'GET', '/api/prayer-names');
export const addPrayerName = (session: string, fields: PrayerNameFields) =>
  call(session, prayerNameView, 'POST', '/api/prayer-names', fields);
export const editPrayerName = (session: string, id: string, fields: PrayerNameFields) =>
  call(session, prayerNameView, 'PUT', `/api/prayer-names/${id}`, fields);
export const renewPrayerName = (session: string, id: string) =>
  call(session, prayerNameView, 'POST', `/api/prayer-names/${id}/renew`);
export const removePrayerName = (session: string, id: string) =>
  call(session, noContent, 'DELETE', `/api/prayer-names/${id}`);
