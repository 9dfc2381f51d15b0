/**
 * An integrator's client, written as one would with tools this project did not write (issue 45): its types generated
 * by openapi-typescript from the OpenAPI document (`openapi.generated.d.ts`, made by generated-client.test.ts), its
 * calls made by openapi-fetch. It imports nothing of the project, and is type-checked with its own strict tsconfig:
 * if the document is wrong about a path, a parameter, a security or an answer, this file stops compiling.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './openapi.generated.js';

export type ClientOptions = {
  /** The server's origin, e.g. http://127.0.0.1:3000 (the document's paths carry /api/v1). */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
};

/** A middleware that sends one bearer token (a session's or an API key's). */
const bearer = (token: string): Middleware => ({
  onRequest({ request }) {
    request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
});

/** What a partner's script reads with its key: offers, a month of daily statistics and the payments. */
export type Reports = {
  keyPrefix: string;
  offerNames: string[];
  offersTotal: number;
  dailyRows: number;
  billingRequests: number;
  nextPaymentKnown: boolean;
  /** What the API answered when the key tried to manage keys (it may not: 403). */
  keyManagingKeys: number;
};

/** Signs in, creates a reporting key, then reads offers, statistics and billing through the key alone. */
export async function readReports(options: ClientOptions, email: string, password: string): Promise<Reports> {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });

  const signIn = await client.POST('/api/v1/login', { body: { username: email, password } });
  if (!signIn.data) throw new Error(`sign-in failed: ${signIn.response.status}`);
  const session = signIn.data.data;
  if (!('bearer' in session)) throw new Error('this account asks for a second factor');

  const sessionClient = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  sessionClient.use(bearer(session.bearer));
  const created = await sessionClient.POST('/api/v1/api-keys', { body: { name: 'Nightly report' } });
  if (!created.data) throw new Error(`key not created: ${created.response.status}`);
  const key: string = created.data.data.key;

  const keyClient = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  keyClient.use(bearer(key));

  const offers = await keyClient.GET('/api/v1/offer', { params: { query: { page: 1, count: 20 } } });
  if (!offers.data) throw new Error(`offers: ${offers.response.status}`);
  const daily = await keyClient.GET('/api/v1/statistics/daily', {
    params: { query: { startDate: '2025-01-01', endDate: '2025-01-31' } },
  });
  if (!daily.data) throw new Error(`daily statistics: ${daily.response.status}`);
  const billing = await keyClient.GET('/api/v1/billing-request', {});
  if (!billing.data) throw new Error(`billing requests: ${billing.response.status}`);
  const next = await keyClient.GET('/api/v1/billing-request/next-payment', {});
  if (!next.data) throw new Error(`next payment: ${next.response.status}`);
  const managing = await keyClient.GET('/api/v1/api-keys', {});

  return {
    keyPrefix: key.slice(0, 4),
    offerNames: offers.data.data.list.map((offer) => offer.name),
    offersTotal: offers.data.data.total,
    dailyRows: daily.data.data.length,
    billingRequests: billing.data.data.length,
    nextPaymentKnown: next.data.data !== null,
    keyManagingKeys: managing.response.status,
  };
}
