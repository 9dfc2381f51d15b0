import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { useConfig } from '@/lib/config';
import { OfferEditor } from '@/features/staff-offers/components/offer-editor';

// A route of its own (decision 122): the editor does not load the list's filters, selects and bulk bar.

/** One offer, or a new one: keyed by its id, so that the editor starts afresh on another. */
export function StaffOfferRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const roles = useConfig().roles;
  const admin = roles.includes('ROLE_ADMIN');
  const manager = ['ROLE_ADMIN', 'ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER'].some((role) => roles.includes(role));
  const offerId = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
  return (
    <>
      <PageTitle>{t(offerId === null ? 'staff.offers.new' : 'screen.staffOffer')}</PageTitle>
      <OfferEditor
        key={id}
        id={offerId}
        canWrite={admin}
        canOverride={manager}
        canCapOffer={admin || roles.includes('ROLE_TEAM_MANAGER')}
      />
    </>
  );
}
