import { Badge, Button, Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '@/lib/snackbar';
import { useUserZone } from '@/lib/user-zone';
import { useRevokeApiKey } from '../api/revoke-api-key';

type Key = {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** The partner's keys (never the keys themselves), each revocable after a confirmation. */
export function ApiKeyList({ keys }: { keys: Key[] }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey();
  const zone = useUserZone();
  const when = (date: Date | null) => zone.moment(date) || null;
  const [confirming, setConfirming] = useState<Key | null>(null);

  const onRevoke = async () => {
    if (!confirming) return;
    const { message } = await revoke.mutateAsync(confirming.id);
    setConfirming(null);
    if (message) showSnackbar({ kind: 'success', message });
  };

  return (
    <Stack gap="sm">
      <Title order={4}>{t('api.keysTitle')}</Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="api-keys-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('api.columns.name')}</Table.Th>
              <Table.Th>{t('api.columns.prefix')}</Table.Th>
              <Table.Th>{t('api.columns.createdAt', { zone: zone.name })}</Table.Th>
              <Table.Th>{t('api.columns.lastUsedAt', { zone: zone.name })}</Table.Th>
              <Table.Th>{t('api.columns.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key.id} data-testid="api-key-row" data-revoked={key.revokedAt ? 'true' : 'false'}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>{when(key.createdAt)}</Table.Td>
                <Table.Td>{when(key.lastUsedAt) ?? t('api.never')}</Table.Td>
                <Table.Td>
                  {key.revokedAt ? (
                    <Badge color="gray">{t('api.revoked')}</Badge>
                  ) : (
                    <Badge color="green">{t('api.active')}</Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {!key.revokedAt && (
                    <Button size="compact-sm" color="red" variant="subtle" onClick={() => setConfirming(key)}>
                      {t('api.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t('api.revokeTitle')} centered>
        <Stack>
          <Text size="sm">{t('api.revokeText', { name: confirming?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('api.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => void onRevoke()}
              data-testid="api-key-revoke-confirm"
            >
              {t('api.revokeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
