import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { useAdvertiserOffers } from '../api/get-advertiser-offers';

type Offer = NonNullable<ReturnType<typeof useAdvertiserOffers>['data']>[number];

/** The advertiser's offers (decision 087): their status and the caps of the whole offer. */
export function AdvertiserOffers() {
  const { t } = useTranslation();
  const offers = useAdvertiserOffers();
  const capText = (offer: Offer) =>
    offer.caps
      .map((cap) =>
        t('advertiser.offers.cap', {
          limit: cap.metric === 'revenue' ? formatMoneyMinor(cap.limit, offer.currency) : cap.limit,
          metric: t(`advertiser.offers.metric.${cap.metric}`, { defaultValue: cap.metric }),
          period: t(`advertiser.offers.period.${cap.period}`, { defaultValue: cap.period }),
        }),
      )
      .join(', ');
  const columns: StaffColumn<Offer>[] = [
    { key: 'id', label: t('advertiser.offers.id'), cell: (o) => o.id },
    { key: 'name', label: t('advertiser.offers.name'), cell: (o) => o.name },
    {
      key: 'status',
      label: t('advertiser.offers.status'),
      cell: (o) => (
        <Badge color={o.status === 'active' ? 'green' : 'gray'} variant="light">
          {t(`advertiser.offers.statuses.${o.status}`)}
        </Badge>
      ),
    },
    { key: 'caps', label: t('advertiser.offers.caps'), cell: (o) => capText(o) || t('advertiser.offers.noCap') },
  ];
  return (
    <StaffTable
      columns={columns}
      rows={offers.data}
      rowKey={(o) => o.id}
      rowTestId="advertiser-offer-row"
      loading={offers.isLoading}
      error={offers.isError ? t('advertiser.loadError') : null}
      empty={t('advertiser.offers.empty')}
      testId="advertiser-offers"
    />
  );
}
