import { useTranslation } from 'react-i18next';
import type { OfferPartnerStatus } from '@portal/contracts';
import { LeanBadge } from '@/components/lean';

export type BadgeKind = 'warning' | 'success' | 'dark' | 'primary';

const COLORS: Record<BadgeKind, string> = { warning: 'yellow', success: 'green', dark: 'dark', primary: 'blue' };

/**
 * Spec section 4: an application's status (pending → warning, active → success, any other → dark);
 * without one, apply_to_run is primary and public dark.
 */
export function badgeKindOf(status: OfferPartnerStatus): BadgeKind {
  switch (status) {
    case 'pending':
      return 'warning';
    case 'active':
      return 'success';
    case 'apply_to_run':
      return 'primary';
    default:
      return 'dark';
  }
}

/** Mantine's filled Badge drawn as a plain element: one a row of the offers list (decision 147). */
export function OfferStatusBadge({ status }: { status: OfferPartnerStatus }) {
  const { t } = useTranslation();
  const kind = badgeKindOf(status);
  return (
    <LeanBadge color={COLORS[kind]} variant="filled" data-testid="offer-status" data-status={status} data-kind={kind}>
      {t(`offers.status.${status}`)}
    </LeanBadge>
  );
}
