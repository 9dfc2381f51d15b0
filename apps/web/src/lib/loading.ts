import { useSyncExternalStore } from 'react';

/**
 * A counter rather than a boolean, so two overlapping requests don't hide the overlay
 * when the first one finishes.
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function startLoading(): void {
  pending += 1;
  emit();
}

export function stopLoading(): void {
  pending = Math.max(0, pending - 1);
  emit();
}

/** Any error stops the overlay entirely (spec section 8), whatever else is still pending. */
export function resetLoading(): void {
  pending = 0;
  emit();
}

export function isLoading(): boolean {
  return pending > 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading, isLoading);
}
