import { Alert, Anchor, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatMoneyMinor, type CapMetric } from '@portal/contracts';
import { paths } from '@/lib/paths';
import { useCapWarnings } from '../api/get-cap-warnings';

/**
 * The dashboard's warning (decision 105): each cap the partner is under at 80 % or more in its current period, its own
 * with what is left, an offer-wide one with how full it is. Nothing at all while none is.
 */
export function CapWarnings() {
  const { t } = useTranslation();
  const { data } = useCapWarnings();
  if (!data || data.length === 0) return null;
  const reached = data.some((w) => w.percent >= 100);
  const amount = (w: { metric: CapMetric; currency: string }, n: number) =>
    w.metric === 'payout' || w.metric === 'revenue' ? formatMoneyMinor(n, w.currency) : formatCount(n);
  return (
    <Alert
      color={reached ? 'red' : 'orange'}
      title={t(reached ? 'dashboard.capWarnings.reached' : 'dashboard.capWarnings.near')}
      data-testid="cap-warnings"
    >
      <List size="sm" spacing={4}>
        {data.map((w) => (
          <List.Item key={`${w.offerId}:${w.scope}:${w.metric}:${w.period}`} data-testid="cap-warning">
            {/* The alert's own text colour, underlined: a link's blue on the light orange or red lacks contrast. */}
            <Anchor component={Link} to={paths.offer.href(w.offerId)} size="sm" c="inherit" underline="always">
              {w.offerName}
            </Anchor>
            {': '}
            {t(`dashboard.capWarnings.cap.${w.period}`, { metric: t(`dashboard.capWarnings.metric.${w.metric}`) })}{' '}
            {w.percent >= 100
              ? t('dashboard.capWarnings.full')
              : t('dashboard.capWarnings.percent', { percent: w.percent })}
            {w.remaining !== null && w.percent < 100
              ? ` ${t('dashboard.capWarnings.left', { amount: amount(w, w.remaining) })}`
              : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
