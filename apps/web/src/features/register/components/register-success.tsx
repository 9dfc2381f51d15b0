import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export function RegisterSuccess() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" ta="center">
      <ThemeIcon size={48} radius="xl" color="green" variant="light">
        <IconCircleCheck size={32} />
      </ThemeIcon>
      <Title order={3} data-testid="page-title">
        {t('register.successTitle')}
      </Title>
      <Text>{t('register.successText')}</Text>
      <Anchor component={Link} to={paths.login.href()}>
        {t('register.returnToLogin')}
      </Anchor>
    </Stack>
  );
}
