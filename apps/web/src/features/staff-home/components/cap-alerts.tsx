import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatMoneyMinor } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { paths } from '@/lib/paths';
import { useCapAlerts } from '../api/get-cap-alerts';

/** A cap alert as the screen reads it (its dates revived). */
type CapAlert = NonNullable<ReturnType<typeof useCapAlerts>['data']>[number];

/** The offers whose caps are at 90 % or more in their current period (decision 045), most used first. */
export function CapAlerts() {
  const { t } = useTranslation();
  const alerts = useCapAlerts();
  const amount = (metric: string, value: number) =>
    metric === 'payout' || metric === 'revenue' ? formatMoneyMinor(value) : formatCount(value);
  const columns: StaffColumn<CapAlert>[] = [
    {
      key: 'offer',
      label: t('staff.home.caps.offer'),
      cell: (cap) => (
        <Anchor component={Link} to={paths.staffOffer.href(cap.offerId)} className="portal-target">
          {`${cap.offerName} #${cap.offerId}`}
        </Anchor>
      ),
    },
    {
      key: 'partner',
      label: t('staff.offers.overrides.partner'),
      cell: (cap) => (cap.partner ? `${cap.partner.name} #${cap.partner.id}` : t('staff.offers.caps.allPartners')),
    },
    {
      key: 'metric',
      label: t('staff.offers.caps.metric'),
      cell: (cap) =>
        `${t(`staff.offers.caps.metrics.${cap.metric}`)} · ${t(`staff.offers.caps.periods.${cap.period}`)}`,
    },
    {
      key: 'used',
      label: t('staff.offers.caps.used'),
      cell: (cap) =>
        t('staff.offers.caps.usedOf', { used: amount(cap.metric, cap.used), limit: amount(cap.metric, cap.limit) }),
    },
  ];
  return (
    <Card withBorder padding="lg" data-testid="staff-home-caps">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('staff.home.caps.title')}
        </Title>
        <StaffTable
          columns={columns}
          rows={alerts.data}
          rowKey={(cap) => cap.id}
          rowTestId="staff-home-cap-row"
          loading={alerts.isPending}
          loadingView={null}
          error={alerts.isError ? t('staff.home.loadError') : null}
          empty={<Text size="sm">{t('staff.home.caps.none')}</Text>}
          testId="staff-home-caps-table"
          tableProps={{}}
        />
      </Stack>
    </Card>
  );
}
