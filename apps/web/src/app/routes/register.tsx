import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from '@/features/register/components/register-form';

export function RegisterRoute() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={3} ta="center" data-testid="page-title">
        {t('register.title')}
      </Title>
      <RegisterForm />
    </>
  );
}
