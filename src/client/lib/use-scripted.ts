import { useSyncExternalStore } from 'react';

/** Nothing changes whether the page runs scripts once it does. */
const subscribeNever = () => () => {};

/**
 * False in the server's HTML (and so without JavaScript, and before the page hydrates), true once
 * scripts run: for controls that only scripts can work, which the plain page hides or replaces.
 */
export function useScripted() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
