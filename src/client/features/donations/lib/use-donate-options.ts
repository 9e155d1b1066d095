import { useEffect, useState } from 'react';
import { useServerPageData } from '~/client/app/page-data';
import { checkoutMethods } from '~/shared/domain';
import type { CheckoutPageData, DonateOptions } from '~/shared/donate-options';
import { fetchDonateOptions } from '~/client/features/donations/api/donate-options';

/**
 * When the options cannot be read at all: every method and no upper limit, as before the page
 * knew them. The checkout and the server still check both.
 */
const unknownOptions: DonateOptions = {
  limits: { minDollars: 1, maxDollars: Number.MAX_SAFE_INTEGER },
  methods: { onetime: [...checkoutMethods], subscription: [...checkoutMethods] },
};

/**
 * The limits and the methods set up: the server's page data on a full load (in the first HTML, so
 * the page renders once, as the server did), else loaded once the page is open. Kept from the first
 * render on: the page data belongs to the address it was rendered for, which changes as the donor
 * chooses.
 */
export function useDonateOptions(): DonateOptions | undefined {
  const fromServer = useServerPageData<DonateOptions>();
  const [options, setOptions] = useState(fromServer);

  useEffect(() => {
    if (options) return;
    let live = true;
    fetchDonateOptions().then(
      (loaded) => live && setOptions(loaded),
      () => live && setOptions(unknownOptions),
    );
    return () => {
      live = false;
    };
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return options;
}

/** The server's data for the checkout, from its first render; undefined if it sent none. */
export function useCheckoutOptions(): CheckoutPageData | undefined {
  const fromServer = useServerPageData<CheckoutPageData>();
  const [options] = useState(fromServer);
  return options;
}
