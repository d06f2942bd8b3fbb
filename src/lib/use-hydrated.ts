import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and while React hydrates it, true once the island runs: what an
 * island draws before its scripts work (or without them) matches the server's, then changes.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
