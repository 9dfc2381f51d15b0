import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { paths } from '@/lib/paths';
import { useAdvertisers, type AdvertiserRow } from '../api/get-advertisers';
import { CreateAdvertiser } from './create-advertiser';

/** The advertisers, by name, with their products, offers and latest postback; a new one from here. */
export function AdvertisersList() {
  const { t } = useTranslation();
  const advertisers = useAdvertisers();
  const [creating, setCreating] = useState(false);
  const label = (column: string) => t(`staff.advertisers.columns.${column}`);
  const columns: StaffColumn<AdvertiserRow>[] = [
    {
      key: 'name',
      label: label('name'),
      cell: (a) => (
        <Anchor component={Link} to={paths.staffAdvertiser.href(a.id)}>
          {a.name}
        </Anchor>
      ),
    },
    {
      key: 'status',
      label: label('status'),
      cell: (a) => (
        <Badge color={a.enabled ? 'green' : 'gray'} variant="light">
          {t(a.enabled ? 'staff.advertisers.enabled' : 'staff.advertisers.disabled')}
        </Badge>
      ),
    },
    { key: 'currency', label: label('currency'), cell: (a) => a.currency },
    { key: 'products', label: label('products'), cell: (a) => a.productCount },
    { key: 'offers', label: label('offers'), cell: (a) => a.offerCount },
    {
      key: 'lastPostback',
      label: label('lastPostback'),
      cell: (a) => (a.lastPostbackAt ? formatDate(a.lastPostbackAt) : '—'),
    },
    { key: 'created', label: label('created'), cell: (a) => (a.createdAt ? formatDate(a.createdAt) : '—') },
  ];
  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setCreating(true)} data-testid="staff-advertiser-new">
          {t('staff.advertisers.new')}
        </Button>
      </Group>
      <StaffTable
        columns={columns}
        rows={advertisers.data}
        rowKey={(a) => a.id}
        rowTestId="staff-advertiser-row"
        loading={advertisers.isPending}
        error={advertisers.isError ? t('errors.generic') : null}
        empty={t('staff.advertisers.empty')}
        minWidth={820}
        testId="staff-advertisers-table"
      />
      {creating ? <CreateAdvertiser onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}
