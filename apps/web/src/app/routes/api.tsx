import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

export function ApiRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.api')}</PageTitle>
      <Text data-testid="api-empty">{t('api.empty')}</Text>
    </>
  );
}
