import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffHome } from './staff-home';

const fetchMock = vi.fn<typeof fetch>();

function serve(roles: string[], home: Parameters<typeof answerOf<typeof staffEndpoints.home>>[1]) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      String(input).startsWith('/api/v1/config') ? configAnswer({ roles }) : answerOf(staffEndpoints.home, home),
    ),
  );
}

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('StaffHome', () => {
  it('shows each queue with its count and where to work it', async () => {
    serve(['ROLE_ADMIN'], {
      pendingPartners: 3,
      pendingApplications: 0,
      pendingDocuments: 12,
      pendingConversions: 1250,
      invoicesWaitingForApproval: 2,
    });
    renderWithProviders(<StaffHome />, { path: '/staff' });
    const partners = await screen.findByTestId('staff-queue-pendingPartners');
    expect(within(partners).getByTestId('staff-queue-count').textContent).toBe('3');
    expect(within(partners).getByRole('link').getAttribute('href')).toBe('/staff/partners?status=pending');
    const conversions = screen.getByTestId('staff-queue-pendingConversions');
    expect(within(conversions).getByTestId('staff-queue-count').textContent).toBe('1\u202f250');
    expect(within(conversions).getByRole('link').getAttribute('href')).toBe('/staff/conversions');
    expect(within(screen.getByTestId('staff-queue-pendingDocuments')).getByRole('link').getAttribute('href')).toBe(
      '/staff/documents',
    );
    expect(within(screen.getByTestId('staff-queue-invoicesWaitingForApproval')).getByRole('link')).toBeTruthy();
    expect(screen.getByTestId('staff-home-greeting').textContent).toContain('Alex');
  });

  it('shows finance the invoices alone', async () => {
    serve(['ROLE_FINANCE'], {
      pendingPartners: null,
      pendingApplications: null,
      pendingDocuments: null,
      pendingConversions: null,
      invoicesWaitingForApproval: 4,
    });
    renderWithProviders(<StaffHome />, { path: '/staff' });
    const invoices = await screen.findByTestId('staff-queue-invoicesWaitingForApproval');
    expect(within(invoices).getByTestId('staff-queue-count').textContent).toBe('4');
    expect(screen.queryByTestId('staff-queue-pendingPartners')).toBeNull();
    expect(screen.queryByTestId('staff-queue-pendingConversions')).toBeNull();
  });
});
