import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { type AdvertiserData, type ProductRow } from '../api/get-advertiser';
import { ProductForm } from './product-form';

export function Products({ advertiser }: { advertiser: AdvertiserData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ProductRow | 'new' | null>(null);
  const label = (column: string) => t(`staff.advertisers.productColumns.${column}`);
  const columns: StaffColumn<ProductRow>[] = [
    { key: 'identifier', label: label('identifier'), cell: (p) => p.identifier },
    { key: 'type', label: label('type'), cell: (p) => t(`staff.advertisers.productTypes.${p.type}`, { defaultValue: p.type }) },
    { key: 'domain', label: label('domain'), cell: (p) => p.domain },
    {
      key: 'status',
      label: label('status'),
      cell: (p) => (
        <Badge color={p.enabled ? 'green' : 'gray'} variant="light">
          {t(p.enabled ? 'staff.advertisers.enabled' : 'staff.advertisers.disabled')}
        </Badge>
      ),
    },
    { key: 'flags', label: label('flags'), cell: (p) => [p.cross ? 'Cross' : null, p.coreg ? 'Co-reg' : null].filter(Boolean).join(', ') || '—' },
    { key: 'offers', label: label('offers'), cell: (p) => p.offerCount },
  ];
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
        <StaffTable
          columns={columns}
          rows={advertiser.products}
          rowKey={(p) => p.id}
          rowTestId="staff-product-row"
          loading={false}
          empty={t('staff.advertisers.noProduct')}
          rowActions={(p) => (
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(p)}>
              {t('staff.advertisers.edit')}
            </Button>
          )}
          actionsLabel={label('actions')}
          minWidth={720}
          testId="staff-products-table"
          tableProps={{ striped: true }}
        />
      </Stack>
      {editing ? (
        <ProductForm advertiserId={advertiser.id} product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
} // prettier-ignore
