import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { EndpointDefinition, EndpointWireData } from '@portal/contracts';
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
  options: { total?: number | null; message?: string | null } = {},
): Response {
  return jsonResponse(200, {
    code: 200,
    success: true,
    message: options.message ?? null,
    data,
    errors: null,
    total: options.total ?? null,
  });
}

/** An error answer: the spec's error object. */
export function errorOf(status: number, message: string, errors: Record<string, string> | null = null): Response {
  return jsonResponse(status, { status, message, data: null, errors });
}
