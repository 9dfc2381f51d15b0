import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PARTNER_STATUS_TRANSITIONS } from '@portal/contracts';
import type { StaffPartnerRow } from '../api/get-staff-partners';
import type { useViewAsPartner } from '../api/view-as-partner';
import { actionOf, type Target } from './partner-status-dialogs';

type PartnerRowActionsProps = {
  partner: StaffPartnerRow;
  onMove: (to: Target) => void;
  onHistory: () => void;
  viewAs: ReturnType<typeof useViewAsPartner>;
};

/** A partner row's buttons: the moves its status allows (decision 026), its history, and viewing as an active partner. */
export function PartnerRowActions({ partner, onMove, onHistory, viewAs }: PartnerRowActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      {PARTNER_STATUS_TRANSITIONS[partner.status].map((to) => (
        <Button
          key={to}
          size="compact-sm"
          variant={to === 'active' ? 'filled' : 'light'}
          color={to === 'active' ? 'green' : to === 'rejected' ? 'red' : 'gray'}
          onClick={() => onMove(to as Target)}
        >
          {t(`staff.partners.actions.${actionOf(partner.status, to as Target)}`)}
        </Button>
      ))}
      <Button size="compact-sm" variant="subtle" onClick={onHistory}>
        {t('staff.partners.actions.history')}
      </Button>
      {partner.status === 'active' ? (
        <Button
          size="compact-sm"
          variant="subtle"
          loading={viewAs.isPending && viewAs.variables === partner.id}
          onClick={() => viewAs.mutate(partner.id)}
          data-testid="staff-partner-view-as"
        >
          {t('staff.partners.actions.viewAs')}
        </Button>
      ) : null}
    </Group>
  );
}
