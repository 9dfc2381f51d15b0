import { useSyncExternalStore } from 'react';

/**
 * How old the partner's report figures may be (decision 097): the lag a reports replica answered the last report
 * (`/statistics/…`) with, null when that answer was current. Kept here, beside the client that reads every answer, so
 * that the report screens and the dashboard say it without each query carrying it (issue 51).
 */
let lagSeconds: number | null = null;
const listeners = new Set<() => void>();

const REPORT_PATH = /^\/statistics\//;

/** Called by the API client with each answer's lag header (null when absent). */
export function noteReportLag(path: string, seconds: number | null): void {
  if (!REPORT_PATH.test(path) || seconds === lagSeconds) return;
  lagSeconds = seconds;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last report answer's lag in seconds, or null. */
export function useReportLag(): number | null {
  return useSyncExternalStore(subscribe, () => lagSeconds);
}
