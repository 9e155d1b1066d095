import { myGivingApi } from '~/shared/api/my-giving';
import { messageResponse } from '~/shared/schemas/common';
import { myGiving } from '~/shared/schemas/my-giving';
import { getJson, postJson } from '~/client/lib/api';

export function requestGivingLink(email: string) {
  return postJson(myGivingApi.requestLink, { email }, messageResponse);
}

/** The donor's giving, on the session cookie the emailed link set (ADR 021). */
export function fetchMyGiving() {
  return getJson(myGivingApi.giving, myGiving);
}
