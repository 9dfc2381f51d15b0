import { Anchor, Center, Code, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { API_PREFIX } from '@portal/contracts';
import { PageTitle } from '@/components/page-title';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyList } from './api-key-list';
import { CreateApiKey } from './create-api-key';

/** The reporting API page: 'No reporting.' until the partner has an active key (spec section 2). */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const example = `curl -H "Authorization: Bearer ppk_…" ${window.location.origin}${API_PREFIX}/offer`;
  const hasActiveKey = keys.data?.some((key) => key.revokedAt === null) ?? false;

  return (
    <>
      <PageTitle>{t('screen.api')}</PageTitle>
      <Stack gap="lg" maw={900}>
        {!keys.data ? (
          keys.isPending && (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          )
        ) : (
          <>
            {!hasActiveKey && <Text data-testid="api-empty">{t('api.empty')}</Text>}
            <Text size="sm">{t('api.intro')}</Text>
            <CreateApiKey />
            {keys.data.length > 0 && <ApiKeyList keys={keys.data} />}
          </>
        )}
        <Divider />
        <Stack gap="xs" data-testid="api-docs">
          <Title order={4}>{t('api.docsTitle')}</Title>
          <Text size="sm">{t('api.docsText')}</Text>
          <Code block>{example}</Code>
          <Text size="sm">{t('api.docsEndpoints')}</Text>
          <Anchor href={`${API_PREFIX}/docs`} target="_blank" rel="noreferrer" data-testid="api-docs-link">
            {t('api.docsLink')}
          </Anchor>
        </Stack>
      </Stack>
    </>
  );
}
