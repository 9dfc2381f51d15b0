import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdvertiserData, type ProductRow } from '../api/get-advertiser';
import { ProductForm } from './product-form';

export function Products({ advertiser }: { advertiser: AdvertiserData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ProductRow | 'new' | null>(null);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('staff.advertisers.products')}
          </Title>
          <Button size="xs" onClick={() => setEditing('new')} data-testid="staff-product-new">
            {t('staff.advertisers.newProduct')}
          </Button>
        </Group>
        {advertiser.products.length === 0 ? (
          <Text c="dimmed">{t('staff.advertisers.noProduct')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="staff-products-table">
              <Table.Thead>
                <Table.Tr>
                  {['identifier', 'type', 'domain', 'status', 'flags', 'offers', 'actions'].map((column) => (
                    <Table.Th key={column}>{t(`staff.advertisers.productColumns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {advertiser.products.map((p) => (
                  <Table.Tr key={p.id} data-testid="staff-product-row">
                    <Table.Td>{p.identifier}</Table.Td>
                    <Table.Td>{t(`staff.advertisers.productTypes.${p.type}`, { defaultValue: p.type })}</Table.Td>
                    <Table.Td>{p.domain}</Table.Td>
                    <Table.Td>
                      <Badge color={p.enabled ? 'green' : 'gray'} variant="light">
                        {t(p.enabled ? 'staff.advertisers.enabled' : 'staff.advertisers.disabled')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{[p.cross ? 'Cross' : null, p.coreg ? 'Co-reg' : null].filter(Boolean).join(', ') || '—'}</Table.Td>
                    <Table.Td>{p.offerCount}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(p)}>
                        {t('staff.advertisers.edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {editing ? (
        <ProductForm advertiserId={advertiser.id} product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
} // prettier-ignore
