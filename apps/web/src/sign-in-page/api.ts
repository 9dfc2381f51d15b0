import { API_PREFIX } from '@portal/contracts';

/**
 * The two calls of the sign-in page. Their contracts are authEndpoints.login and authEndpoints.loginTwoFactor; their
 * schemas (zod) stay out of this page's script, and api.test.ts holds these paths to the contracts'.
 */
export const SIGN_IN_PATHS = { login: '/login', loginTwoFactor: '/login/two-factor' } as const;

/** An answer as the spec's envelope and error object have it (section 3 and 8). */
export type Answer = {
  ok: boolean;
  status: number;
  data: unknown;
  message: string;
  errors: Record<string, string> | null;
};

/** POSTs JSON to the API; a failure with no answer (the network) rejects. */
export async function postJson(path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(await response.text());
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    // A proxy's HTML error page, say: the status still tells what happened.
  }
  return {
    ok: response.ok,
    status: response.status,
    data: parsed.data ?? null,
    message: typeof parsed.message === 'string' ? parsed.message : '',
    errors: parsed.errors && typeof parsed.errors === 'object' ? (parsed.errors as Record<string, string>) : null,
  };
}
