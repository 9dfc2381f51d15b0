import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's search parameters, and a setter that changes the address as it is now or is about to be, not as the
 * last render saw it. Every navigation here waits for the guarded layout's loader, and the router then renders the new
 * address in a transition (its `flushSync` covers only the loading state): on a busy phone the address has changed while
 * the screen, and the handlers it gave its controls, still hold the old one. React Router's own functional update starts
 * from that render's parameters, so a Clear followed quickly by a status brought the cleared text back. This reads the
 * router's state when the change is made: the pending navigation's address when one is under way on this path,
 * otherwise the current one.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  // React Router's data router context (exported as UNSAFE_ but stable in v7): the only live view of its state.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const latest = (): URLSearchParams => {
    const state = dataRouter?.router.state;
    if (!state) return new URLSearchParams(params);
    const pending = state.navigation.location;
    const address = pending && pending.pathname === state.location.pathname ? pending : state.location;
    return new URLSearchParams(address.search);
  };
  const update = (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) =>
    setParams(change(latest()), options);
  return [params, update] as const;
}

/** Sets some parameters (null or '' removes one); any change but the page's goes back to page 1. */
export function withChanges(changes: Record<string, string | null>) {
  return (current: URLSearchParams): URLSearchParams => {
    const next = new URLSearchParams(current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    return next;
  };
}
