import { vi } from 'vitest';
import type { conversionReviewEndpoints, EndpointWireData } from '@portal/contracts';

/** What the staff conversions' screen tests share: a row of the search as it travels, and the fetch they stub. */
export type WireRow = EndpointWireData<typeof conversionReviewEndpoints.list>[number];

export const fetchMock = vi.fn<typeof fetch>();

/** An approved EUR sale of Northwind, with what a test changes. */
export const row = (overrides: Partial<WireRow>): WireRow => ({
  id: 41,
  partnerId: 1001,
  partnerDisplayName: 'Northwind Media #1001',
  offerId: 31,
  offerName: 'LunaDate – FR',
  advertiserId: 7,
  advertiserName: 'Luna Inc.',
  goal: 'sale',
  goalName: 'Sale',
  ip: '203.0.113.7',
  declineReason: null,
  signals: [],
  evidence: null,
  clickId: 'clk-41',
  transactionId: 'TX123',
  status: 'approved',
  reason: null,
  reversalReason: null,
  note: null,
  payout: 500,
  originalPayout: null,
  revenue: 900,
  amount: 4990,
  currency: 'EUR',
  subid: 'news',
  country: 'FR',
  clickedAt: '2026-11-20T09:58:00.000Z',
  changedAt: null,
  source: 'postback',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
