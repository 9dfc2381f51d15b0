import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OfferStatusBadge, badgeKindOf } from './offer-status-badge';

describe('OfferStatusBadge', () => {
  it.each([
    ['pending', 'warning', 'Pending'],
    ['active', 'success', 'Active'],
    ['refused', 'dark', 'Refused'],
    ['apply_to_run', 'primary', 'Apply to run'],
    ['public', 'dark', 'Public'],
  ] as const)('shows %s as a %s badge labelled %s', (status, kind, label) => {
    expect(badgeKindOf(status)).toBe(kind);
    renderWithProviders(<OfferStatusBadge status={status} />);
    const badge = screen.getByTestId('offer-status');
    expect(badge.textContent).toBe(label);
    expect(badge.getAttribute('data-kind')).toBe(kind);
  });
});
