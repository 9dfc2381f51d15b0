import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEndpoints, formatMoneyMinor } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { StaffAuditLog, dayStart, nextDay } from './staff-audit-log';

const fetchMock = vi.fn<typeof fetch>();
/** An amount as the contracts' formatter writes it, its spaces plain. */
const gbp = (minor: number) => formatMoneyMinor(minor, 'GBP').replace(/\s/gu, ' ');

beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      String(input).startsWith('/api/v1/config')
        ? configAnswer({
            roles: ['ROLE_ADMIN'],
            user: {
              id: 1,
              email: 'a@x.test',
              firstname: 'Alex',
              lastname: 'Admin',
              displayName: 'Alex Admin',
              roles: ['ROLE_ADMIN'],
              timezone: '+02:00',
            },
          })
        : String(input).includes('/staff/audit-log/actors')
          ? answerOf(auditEndpoints.auditActors, [{ id: 1, name: 'Alex Admin', email: 'a@x.test' }])
          : answerOf(
              auditEndpoints.auditLog,
              [
                {
                  id: 9,
                  createdAt: '2026-05-04T10:20:00.000Z',
                  actor: { id: 1, name: 'Alex Admin', email: 'a@x.test' },
                  action: 'status',
                  entityType: 'partner',
                  entityId: '42',
                  parentId: null,
                  partnerId: 42,
                  entityName: 'Northwind Media',
                  parentName: null,
                  partnerName: 'Northwind Media',
                  currency: 'GBP',
                  changes: [
                    {
                      field: 'status',
                      goal: null,
                      tier: null,
                      kind: 'text',
                      before: 'pending',
                      after: 'active',
                      names: {},
                    },
                    {
                      field: 'accountManagerId',
                      goal: null,
                      tier: null,
                      kind: 'user',
                      before: 2,
                      after: 12,
                      names: { '2': 'Ann Manager', '12': 'Ben Manager' },
                    },
                    {
                      field: 'payoutAmount',
                      goal: { code: 'first_deposit', name: 'First deposit' },
                      tier: null,
                      kind: 'money',
                      before: 10000,
                      after: 11000,
                      names: {},
                    },
                    {
                      field: 'allowedPartnerIds',
                      goal: null,
                      tier: null,
                      kind: 'partner',
                      before: [],
                      after: [7],
                      names: { '7': 'Acme Media' },
                    },
                  ],
                  reason: 'Checked.',
                  ip: '203.0.113.7',
                  requestId: 'b1e8a0d6-0000-4000-8000-000000000000',
                },
              ],
              { total: 1 },
            ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('StaffAuditLog', () => {
  it('asks for the filters of the address, the days as instants of the user’s zone', async () => {
    renderWithProviders(<StaffAuditLog />, {
      path: '/staff/audit-log',
      initialEntry: '/staff/audit-log?entityType=partner&entityId=42&from=2026-05-01&to=2026-05-04',
    });
    await screen.findByTestId('audit-row');
    const call = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/staff/audit-log?'))!;
    const query = new URL(call, 'http://x').searchParams;
    expect(query.get('entityType')).toBe('partner');
    expect(query.get('entityId')).toBe('42');
    expect(query.get('from')).toBe('2026-05-01T00:00:00+02:00');
    // The 'to' day is included: the next day's start, exclusive.
    expect(query.get('to')).toBe('2026-05-05T00:00:00+02:00');
  });

  it('shows each change in words: amounts with currency, people and partners by name, the goal by name', async () => {
    renderWithProviders(<StaffAuditLog />, { path: '/staff/audit-log' });
    const row = await screen.findByTestId('audit-row');
    await waitFor(() => expect(screen.getAllByTestId('audit-change')).toHaveLength(4));
    const changes = screen.getAllByTestId('audit-change').map((c) => c.textContent?.replace(/\s/gu, ' '));
    expect(changes).toEqual([
      'Status: pending → active',
      'Account manager: Ann Manager → Ben Manager',
      `First deposit · Payout: ${gbp(10000)} → ${gbp(11000)}`,
      'Partners allowed: — → Acme Media',
    ]);
    // The partner named in a change links to its page; the entity by its name, its id kept in the link.
    expect(screen.getByRole('link', { name: 'Acme Media' }).getAttribute('href')).toBe('/staff/partners/7');
    const subject = screen.getByTestId('audit-subject');
    expect(subject.textContent).toBe('Partner Northwind Media');
    expect(subject.querySelector('a')?.getAttribute('href')).toBe('/staff/partners/42');
    expect(row.textContent).toContain('Alex Admin');
    expect(row.textContent).toContain('Checked.');
    expect(row.textContent).toContain('203.0.113.7');
  });

  it('filters on the actor by name, from the staff who wrote entries', async () => {
    renderWithProviders(<StaffAuditLog />, {
      path: '/staff/audit-log',
      initialEntry: '/staff/audit-log?actorId=1',
    });
    await screen.findByTestId('audit-row');
    await waitFor(() =>
      expect((screen.getByTestId('audit-filter-actor') as HTMLInputElement).value).toBe('Alex Admin'),
    );
    const call = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/staff/audit-log?'))!;
    expect(new URL(call, 'http://x').searchParams.get('actorId')).toBe('1');
  });
});

describe('day bounds', () => {
  it('start at midnight of the zone and roll over months and years', () => {
    expect(dayStart('2026-03-29', '+01:00')).toBe('2026-03-29T00:00:00+01:00');
    expect(dayStart('2026-03-29', null)).toBe('2026-03-29T00:00:00Z');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
