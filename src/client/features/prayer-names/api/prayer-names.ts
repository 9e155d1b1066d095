import type { PrayerRelation } from '~/shared/schemas/prayer-names';
import { postJson, toApiError } from '../../../lib/api';

export type PrayerIntention =
  'healing' | 'shidduch' | 'parnassah' | 'children' | 'success' | 'other';

export interface PrayerName {
  id: string;
  hebrewName: string;
  relation: PrayerRelation;
  motherHebrewName: string;
  englishName: string | null;
  intention: PrayerIntention;
  note: string | null;
  renewedAt: string;
  /** When it leaves the weekly list unless renewed; `lapsed` once that has passed. */
  lapsesAt: string;
  lapsed: boolean;
}

export interface PrayerNamesListing {
  member: { name: string; kind: 'member' | 'donor' };
  lapseWeeks: number;
  names: PrayerName[];
}

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
  return postJson<{ message: string }>('/api/prayer-names/link', { email });
}

/** Opens the emailed link (it works once) and keeps the session it gives. */
export async function openPrayerLink(token: string) {
  const { session } = await postJson<{ session: string }>('/api/prayer-names/session', { token });
  sessionStorage.setItem(SESSION_KEY, session);
  return session;
}

async function call<T>(session: string, method: string, path: string, body?: unknown) {
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
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export const listPrayerNames = (session: string) =>
  call<PrayerNamesListing>(session, 'GET', '/api/prayer-names');
export const addPrayerName = (session: string, fields: PrayerNameFields) =>
  call<PrayerName>(session, 'POST', '/api/prayer-names', fields);
export const editPrayerName = (session: string, id: string, fields: PrayerNameFields) =>
  call<PrayerName>(session, 'PUT', `/api/prayer-names/${id}`, fields);
export const renewPrayerName = (session: string, id: string) =>
  call<PrayerName>(session, 'POST', `/api/prayer-names/${id}/renew`);
export const removePrayerName = (session: string, id: string) =>
  call<undefined>(session, 'DELETE', `/api/prayer-names/${id}`);
