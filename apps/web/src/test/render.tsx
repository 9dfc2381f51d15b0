import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { offersEndpoints } from '@portal/contracts';
import {
  DATA_LIST_NAMES,
  accountEndpoints,
  type EndpointAnswer,
  type EndpointDefinition,
  type EndpointWireData,
} from '@portal/contracts';
import { i18n } from '@/lib/i18n';

/** Renders a screen the way the app does: Mantine, i18n, a query client and a memory router. */
type RenderOptions = { path?: string; initialEntry?: string };

export function renderWithProviders(ui: ReactElement, { path = '/', initialEntry }: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <div data-testid="navigated-away" /> },
    ],
    { initialEntries: [initialEntry ?? path] },
  );
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <Notifications />
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient };
}

/** A fetch answer as the server sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A success answer of an endpoint, typed from its contract: `data` must have the shape the server sends, so a fixture
 * cannot drift from `@portal/contracts` (the answer's dates as the ISO strings of the wire).
 */
export function answerOf<E extends EndpointDefinition>(
  _endpoint: E,
  data: EndpointWireData<E>,
  options: {
    total?: number | null;
    message?: string | null;
    /** The fields an endpoint's answer declares beside the envelope's (a converted report's `fx`). */
    extra?: Partial<Omit<EndpointAnswer<E>, 'code' | 'success' | 'message' | 'data' | 'errors' | 'total'>>;
  } = {},
): Response {
  return jsonResponse(200, {
    code: 200,
    success: true,
    message: options.message ?? null,
    data,
    errors: null,
    total: options.total ?? null,
    ...options.extra,
  });
}

/** An error answer: the spec's error object. */
export function errorOf(
  status: number,
  message: string,
  errors: Record<string, string> | null = null,
  data: unknown = null,
): Response {
  return jsonResponse(status, { status, message, data, errors });
}

type WireConfig = EndpointWireData<typeof accountEndpoints.config>;
type WirePartner = NonNullable<WireConfig['partner']>;

/** A whole connected partner as GET /config sends it, with the fields a test names changed. */
export function partnerFixture(overrides: Partial<WirePartner> = {}): WirePartner {
  return {
    id: 7,
    displayName: 'Northwind Media #7',
    accountType: 'affiliate',
    status: 'active',
    firstname: 'Emma',
    lastname: 'Laurent',
    nickname: null,
    companyStatus: 'sas',
    companyName: 'Northwind Media',
    companyNumber: null,
    vatNumber: null,
    logo: null,
    langs: ['fr'],
    country: 'FR',
    address: '1 rue de la Paix',
    zipCode: '75002',
    state: null,
    city: 'Paris',
    email: 'partner@example.test',
    phoneNumber: '+33 1 23 45 67 89',
    websiteUrl: null,
    paymentThreshold: null,
    paymentTerms: 'net30',
    paymentCurrency: 'EUR',
    paymentMethod: 'wire',
    accountHolder: null,
    bankName: null,
    bankAddress: null,
    iban: null,
    swift: null,
    routingNumber: null,
    allOffersAccess: true,
    lastActivityAt: null,
    termsAgreedAt: '2024-07-30T08:00:00.000Z',
    accountManager: null,
    mainContact: null,
    documents: {},
    ...overrides,
  };
}

/**
 * GET /config's answer, typed from its contract: a partner's by default (`partner: null` and staff roles for staff),
 * every list empty unless the test gives one.
 */
export function configAnswer(overrides: Partial<WireConfig> = {}): Response {
  const roles = overrides.roles ?? ['ROLE_PARTNER'];
  const data: WireConfig = {
    partner: roles.includes('ROLE_PARTNER') ? partnerFixture() : null,
    user: {
      id: 1,
      email: 'user@example.test',
      firstname: 'Alex',
      lastname: 'User',
      displayName: 'Alex User',
      roles: roles as WireConfig['user']['roles'],
      timezone: null,
    },
    roles,
    viewedBy: null,
    countries: [],
    languages: [],
    data: Object.fromEntries(DATA_LIST_NAMES.map((name) => [name, []])) as unknown as WireConfig['data'],
    ...overrides,
  };
  return answerOf(accountEndpoints.config, data);
}

type WireOffer = EndpointWireData<typeof offersEndpoints.get>;

/** A whole offer as the offer endpoints send it, with the fields a test names changed. */
export function offerFixture(overrides: Partial<WireOffer> = {}): WireOffer {
  return {
    id: 7,
    name: 'SecureHome – FR – Quote',
    conversionType: 'cpl',
    descriptionHtml: '<p>Quotes</p>',
    descriptionText: 'Quotes',
    previewUrl: null,
    defaultUrl: 'https://x.example',
    currency: { isoCode: 'EUR' },
    countries: ['FR'],
    verticals: [],
    verticalItems: [],
    private: false,
    requireApproval: false,
    enabled: true,
    image: null,
    payout: { goal: 'registration', amount: 1250, percent: null, currency: 'EUR' },
    payouts: [{ goal: 'registration', name: 'Registration', amount: 1250, percent: null, currency: 'EUR', main: true }],
    epc: { own: null, network: null },
    partnerStatus: 'public',
    application: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
