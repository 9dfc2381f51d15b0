import { Accordion, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccountSettings } from '../api/get-account-settings';
import { ChangePasswordForm } from './change-password-form';
import { PreferencesForm } from './preferences-form';
import { TimezoneForm } from './timezone-form';
import { TwoFactorSection } from './two-factor-section';

/** The collapsible sections of the account screen (spec section 2, Account configuration). */
export function AccountSettings() {
  const { t } = useTranslation();
  const settings = useAccountSettings();

  return (
    <Accordion multiple variant="separated" defaultValue={['password']} data-testid="account-settings">
      <Accordion.Item value="password" data-testid="section-password">
        <Accordion.Control>{t('accountSettings.password.title')}</Accordion.Control>
        <Accordion.Panel>
          <ChangePasswordForm />
        </Accordion.Panel>
      </Accordion.Item>
      {!settings.data ? (
        settings.isError ? (
          // The failure itself was shown in a snackbar by the api-client; the sections wait for a retry.
          <Group justify="center" gap="sm" py="md" data-testid="settings-load-failed">
            <Text size="sm" c="dimmed">
              {t('accountSettings.loadFailed')}
            </Text>
            <Button variant="light" size="xs" onClick={() => void settings.refetch()} loading={settings.isFetching}>
              {t('accountSettings.retry')}
            </Button>
          </Group>
        ) : (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        )
      ) : (
        <>
          <Accordion.Item value="timezone" data-testid="section-timezone">
            <Accordion.Control>{t('accountSettings.timezone.title')}</Accordion.Control>
            <Accordion.Panel>
              <TimezoneForm saved={settings.data.timezone} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="preferences" data-testid="section-preferences">
            <Accordion.Control>{t('accountSettings.preferences.title')}</Accordion.Control>
            <Accordion.Panel>
              <PreferencesForm saved={settings.data.preferences} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="twoFactor" data-testid="section-two-factor">
            <Accordion.Control>{t('accountSettings.twoFactor.title')}</Accordion.Control>
            <Accordion.Panel>
              <TwoFactorSection status={settings.data.twoFactor} />
            </Accordion.Panel>
          </Accordion.Item>
        </>
      )}
    </Accordion>
  );
}
