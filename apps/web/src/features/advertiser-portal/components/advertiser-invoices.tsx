import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { useDownloadAdvertiserInvoice } from '../api/download-advertiser-invoice';
import { useAdvertiserInvoices, type AdvertiserInvoiceData } from '../api/get-advertiser-invoices';

const PAGE_SIZE = 50;

/** The advertiser's invoices and credit notes (decision 087): what it owes the network, each as its PDF (decision 100). */
export function AdvertiserInvoices() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const invoices = useAdvertiserInvoices(page, PAGE_SIZE);
  const download = useDownloadAdvertiserInvoice();
  const columns: StaffColumn<AdvertiserInvoiceData>[] = [
    { key: 'reference', label: t('advertiser.invoices.reference'), cell: (i) => i.reference },
    { key: 'period', label: t('advertiser.invoices.period'), noWrap: true, cell: (i) => `${i.period.startDate} – ${i.period.endDate}` }, // prettier-ignore
    { key: 'issued', label: t('advertiser.invoices.issuedOn'), noWrap: true, cell: (i) => i.issuedOn },
    { key: 'due', label: t('advertiser.invoices.dueOn'), noWrap: true, cell: (i) => i.dueOn },
    {
      key: 'status',
      label: t('advertiser.invoices.status'),
      cell: (i) => t(`advertiser.invoices.statuses.${i.status}`),
    },
    { key: 'total', label: t('advertiser.invoices.total'), align: 'right', noWrap: true, cell: (i) => formatMoneyMinor(i.totalAmount, i.currency) }, // prettier-ignore
    {
      key: 'pdf',
      label: t('advertiser.invoices.pdf'),
      noWrap: true,
      cell: (i) =>
        i.file ? (
          <Anchor component="button" type="button" size="sm" onClick={() => download.mutate(i)} aria-label={t('advertiser.invoices.pdfOf', { reference: i.reference })} data-testid="advertiser-invoice-pdf">
            {t('advertiser.invoices.pdf')}
          </Anchor>
        ) : null,
    }, // prettier-ignore
  ];
  return (
    <StaffTable
      columns={columns}
      rows={invoices.data?.list}
      rowKey={(i) => i.id}
      rowTestId="advertiser-invoice-row"
      loading={invoices.isLoading}
      error={invoices.isError ? t('advertiser.loadError') : null}
      empty={t('advertiser.invoices.empty')}
      minWidth={720}
      paging={{
        page,
        total: invoices.data?.total ?? 0,
        pageSize: PAGE_SIZE,
        onChange: setPage,
        label: t('advertiser.pages'),
        testId: 'advertiser-invoices-pages',
      }}
      testId="advertiser-invoices"
    />
  );
}
