import {
  donationTypes,
  paymentStatuses,
  type DonationType,
  type PaymentStatus,
} from '~/shared/domain';
import { methodFilters, type MethodFilter } from '~/shared/schemas/admin-donors';
import type { DonorFilterFields } from '~/client/features/admin-donors/api/list-donors';

/**
 * The donor table's search, filters and page live in the address (`/admin?search=cohen&type=
 * subscription&offset=25`), as the open section does: a reload, a bookmark and a link sent to a
 * colleague keep them, and Back undoes the last change. Anything the address holds that the
 * filters could not have set (a type that is not one, a date that is not a day) is ignored.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SEARCH_MAX = 100;
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
const names = ['search', 'from', 'to', 'type', 'status', 'method', 'campaign'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.includes(value as T) ? (value as T) : '';

export function donorFiltersIn(params: URLSearchParams): {
  filters: DonorFilterFields;
  offset: number;
} {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const offset = Number(params.get('offset') ?? '0');
  const method = oneOf<MethodFilter>(methodFilters, params.get('method'));
  const campaign = params.get('campaign') ?? '';
  return {
    filters: {
      search: (params.get('search') ?? '').slice(0, SEARCH_MAX),
      from: day('from'),
      to: day('to'),
      type: oneOf<DonationType>(donationTypes, params.get('type')),
      status: oneOf<PaymentStatus>(paymentStatuses, params.get('status')),
      ...(method ? { method } : {}),
      ...(SLUG.test(campaign) ? { campaign } : {}),
    },
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
  };
}

/** `params` (the section and anything else kept) with these filters and page, blanks left out. */
export function withDonorFilters(
  params: URLSearchParams,
  filters: DonorFilterFields,
  offset: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of names) {
    const value = name === 'search' ? filters.search.trim() : (filters[name] ?? '');
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (offset > 0) next.set('offset', String(offset));
  else next.delete('offset');
  return next;
}
