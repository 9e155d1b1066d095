import { ghlApi } from '~/shared/api/integrations';
import { useQuery } from '@tanstack/react-query';
import {
  crmContactsLimit,
  ghlConnectionResult,
  ghlContactResult,
  ghlContactsResult,
} from '~/shared/schemas/integrations';
import { adminRequest } from '~/client/lib/admin/admin-request';

/** The CRM tab's calls (spec 7): the connection test, the newest contacts, a search by email. */

export function testGhlConnection() {
  return adminRequest(ghlApi.testConnection, ghlConnectionResult);
}

export function useGhlConnectionQuery() {
  return useQuery({ queryKey: ['admin', 'ghl', 'connection'], queryFn: testGhlConnection });
}

export function listGhlContacts() {
  return adminRequest(ghlApi.contacts, ghlContactsResult, { query: { limit: crmContactsLimit } });
}

/** Loaded once the connection works: a CRM that is not configured has nothing to list. */
export function useGhlContactsQuery(enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'ghl', 'contacts'], queryFn: listGhlContacts, enabled });
}

export function findGhlContact(email: string) {
  return adminRequest(ghlApi.contact, ghlContactResult, { params: { email } });
}
