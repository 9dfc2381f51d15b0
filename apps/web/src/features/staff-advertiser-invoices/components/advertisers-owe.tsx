import { Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdvertiserInvoicesList } from './advertiser-invoices-list';
import { AgeingTable } from './ageing-table';
import { IssueInvoices } from './issue-invoices';

/**
 * "Advertisers owe" (decision 073): the ageing of what advertisers owe per currency, a month's invoice run, and the
 * invoices and credit notes with their steps. Admins and finance only.
 */
export function AdvertisersOwe() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Text size="sm" c="dimmed">
        {t('staff.advertiserInvoices.intro')}
      </Text>
      <AgeingTable />
      <Divider />
      <IssueInvoices />
      <Divider />
      <AdvertiserInvoicesList />
    </Stack>
  );
}
