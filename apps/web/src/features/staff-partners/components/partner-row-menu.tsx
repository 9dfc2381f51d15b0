import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PARTNER_STATUS_TRANSITIONS } from '@portal/contracts';
import type { StaffPartnerRow } from '../api/get-staff-partners';
import type { useViewAsPartner } from '../api/view-as-partner';
import { actionOf, type Target } from './partner-status-dialogs';

export type PartnerRowActionsProps = {
  partner: StaffPartnerRow;
  onMove: (to: Target) => void;
  onHistory: () => void;
  viewAs: ReturnType<typeof useViewAsPartner>;
};

type PartnerRowMenuProps = PartnerRowActionsProps & {
  /** Drawn open: its button was pressed while this code was on its way (partner-row-actions.tsx). */
  defaultOpened: boolean;
  /** The button had the focus meanwhile. */
  focusButton: boolean;
};

/**
 * A partner row's menu (decision 082): the moves its status allows (decision 026), its history, and viewing as an
 * active partner. One button beside the partner's name, so that the list fits 1366 px and a phone shows it unscrolled.
 */
export function PartnerRowMenu({
  partner,
  onMove,
  onHistory,
  viewAs,
  defaultOpened,
  focusButton,
}: PartnerRowMenuProps) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusButton && !defaultOpened) button.current?.focus();
  }, [focusButton, defaultOpened]);
  return (
    <Menu position="bottom-end" withinPortal hideDetached={false} defaultOpened={defaultOpened}>
      <Menu.Target>
        <ActionIcon
          ref={button}
          variant="subtle"
          color="gray"
          aria-label={t('staff.partners.actions.menu', { name: partner.displayName })}
          loading={viewAs.isPending && viewAs.variables === partner.id}
          data-testid="staff-partner-row-menu"
        >
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {PARTNER_STATUS_TRANSITIONS[partner.status].map((to) => (
          <Menu.Item
            key={to}
            color={to === 'active' ? 'green' : to === 'rejected' ? 'red' : undefined}
            onClick={() => onMove(to as Target)}
          >
            {t(`staff.partners.actions.${actionOf(partner.status, to as Target)}`)}
          </Menu.Item>
        ))}
        <Menu.Item onClick={onHistory}>{t('staff.partners.actions.history')}</Menu.Item>
        {partner.status === 'active' ? (
          <Menu.Item onClick={() => viewAs.mutate(partner.id)} data-testid="staff-partner-view-as">
            {t('staff.partners.actions.viewAs')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
