import { ERROR_REPORT_THROTTLE_MS } from '@portal/contracts';

/** Where errors go; a console sink until a real reporting service is chosen. */
type ErrorSink = (error: unknown, context?: Record<string, unknown>) => void;

let sink: ErrorSink = (error, context) => console.error('[portal]', error, context ?? {});
let lastReportAt = Number.NEGATIVE_INFINITY;

export function setErrorSink(next: ErrorSink): void {
  sink = next;
}

/** Tests need a fresh throttle window. */
export function resetErrorReporting(): void {
  lastReportAt = Number.NEGATIVE_INFINITY;
}

/**
 * Throttled to one report per second (spec section 8) so an error storm — every query of a
 * screen failing at once — doesn't flood the reporter.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  const now = Date.now();
  if (now - lastReportAt < ERROR_REPORT_THROTTLE_MS) return;
  lastReportAt = now;
  try {
    sink(error, context);
  } catch {
    // A failing reporter must never break the request that triggered it.
  }
}
