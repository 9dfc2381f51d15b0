import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../api/get-identity';

type SwitchAccountDialogProps = {
  /** Who is signed in now. */
  current: Identity;
  /** Whom the sign-in link would sign in. */
  incoming: Identity;
  onStay: () => void;
  onSwitch: () => void;
};

function label(identity: Identity): string {
  return identity.partnerName ? `${identity.email} (${identity.partnerName})` : identity.email;
}

/**
 * A sign-in link opened while signed in (decision 031): nothing changes unless the visitor, told both identities,
 * asks for the switch. Closing the dialog in any way keeps the current session.
 */
export function SwitchAccountDialog({ current, incoming, onStay, onSwitch }: SwitchAccountDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onStay} title={t('login.switchTitle')} centered data-testid="switch-account-dialog">
      <Stack gap="md">
        <Text size="sm" data-testid="switch-account-current">
          {t('login.switchCurrent', { identity: label(current) })}
        </Text>
        <Text size="sm" data-testid="switch-account-incoming">
          {t('login.switchIncoming', { identity: label(incoming) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('login.switchWarning')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onSwitch}>
            {t('login.switchConfirm', { email: incoming.email })}
          </Button>
          <Button onClick={onStay} data-autofocus>
            {t('login.switchStay', { email: current.email })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
