import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { payoutLines } from '../offer-payout';
import type { OfferItem } from '../types';

/* The offer's payout and verticals as the list and the offer's page both show them: apart from the list's table, so
 * that the offer's page does not load it (decision 139). */

export const verticalNames = (offer: OfferItem) => offer.verticalItems.map((vertical) => vertical.name).join(' / ');

/**
 * Every public goal's payout, one per line, the main goal first (decision 105); 'Variable' when no goal pays a fixed
 * amount or a rate. `headline`: the main goal's alone, with "+ n more goals" under it (the offers list).
 */
export function OfferPayoutCell({ offer, headline = false }: { offer: OfferItem; headline?: boolean }) {
  const { t } = useTranslation();
  const all = payoutLines(offer.payouts, t('offers.variable'));
  if (all.length === 0) return <Text size="sm">{t('offers.variable')}</Text>;
  const lines = headline ? all.slice(0, 1) : all;
  const more = all.length - lines.length;
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line.goal} size="sm" data-testid="offer-goal-payout">
          {all.length > 1 ? <Text span c="dimmed" size="sm">{`${line.name}: `}</Text> : null}
          <span style={{ whiteSpace: 'nowrap' }}>{line.value}</span>
        </Text>
      ))}
      {more > 0 ? (
        <Text size="xs" c="dimmed" data-testid="offer-more-goals">
          {t('offers.moreGoals', { count: more })}
        </Text>
      ) : null}
    </Stack>
  );
}
