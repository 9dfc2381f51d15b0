import { ActionIcon, Loader } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnDemand } from '@/lib/use-on-demand';
import type { PartnerRowActionsProps, PartnerRowMenu } from './partner-row-menu';

const loadMenu = (): Promise<ComponentType<Parameters<typeof PartnerRowMenu>[0]>> =>
  import('./partner-row-menu').then((m) => m.PartnerRowMenu);

/**
 * A partner row's menu button (decision 082), drawn without the menu's code (Mantine's Menu, its popover and
 * floating-ui, the status dialogs: about 30 KB, decision 119), which comes when a pointer nears a row's button or one
 * gets the focus; pressed meanwhile, the button is busy and the menu opens when its code comes (decision 103).
 */
export function PartnerRowActions(props: PartnerRowActionsProps) {
  const { t } = useTranslation();
  const { loaded: Menu, opened, pending, focused, triggerProps } = useOnDemand(loadMenu);
  if (Menu) return <Menu {...props} defaultOpened={opened} focusButton={focused} />;
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('staff.partners.actions.menu', { name: props.partner.displayName })}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={pending}
      data-pending={pending || undefined}
      data-testid="staff-partner-row-menu"
      {...triggerProps}
    >
      {pending ? <Loader size={16} aria-hidden /> : <IconDotsVertical size={18} aria-hidden />}
    </ActionIcon>
  );
}
