import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { DonationType } from '~/shared/domain';
import type { DonateOptions } from '~/shared/donate-options';
import {
  donateQuery,
  giftType,
  offeredMethod,
  readDonateChoice,
  type DonateChoice,
} from './donate-choice';

/** The kind of gift the page is choosing for: the monthly tab's tiers are monthly. */
const kindOf = (choice: DonateChoice): DonationType =>
  choice.tab === 'monthly' ? 'subscription' : giftType(choice);

/**
 * The donate page's choice: read from the address when the page opens (on the server too, so
 * the first HTML shows it and hydrates without a change), and written back to it on every change
 * with `replace`, so no click adds a history entry and Back finds the page as it was left.
 * `methods` are those set up for the gift being chosen, `method` the one offered of them.
 */
export function useDonateChoice(options: DonateOptions | undefined) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [choice, setChoice] = useState(() => readDonateChoice(new URLSearchParams(search)));
  const offer = (next: DonateChoice) => {
    const methods = options?.methods[kindOf(next)] ?? [];
    return { methods, method: options ? offeredMethod(next.method, methods) : next.method };
  };

  const change = (patch: Partial<DonateChoice>) => {
    // Told once: what was missing is chosen now, or the donor has moved on.
    const next = { ...choice, ...patch, missing: false };
    setChoice(next);
    navigate(`/donate?${donateQuery(next, offer(next).method)}`, { replace: true });
  };

  return { choice, ...offer(choice), change };
}
