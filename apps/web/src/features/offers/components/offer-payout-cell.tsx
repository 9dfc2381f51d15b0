import { useTranslation } from 'react-i18next';
import { cx } from '@/components/lean';
import { payoutLines } from '../offer-payout';
import type { OfferItem } from '../types';

/* The offer's payout and verticals as the list and the offer's page both show them: apart from the list's table, so
 * that the offer's page does not load it (decision 139). */

export const verticalNames = (offer: OfferItem) => offer.verticalItems.map((vertical) => vertical.name).join(' / ');

/**
 * Every public goal's payout, one per line, the main goal first (decision 105); 'Variable' when no goal pays a fixed
 * amount or a rate. `headline`: the main goal's alone, with "+ n more goals" under it (the offers list). Plain
 * elements styled as Mantine's Stack and Text: one a row of the list (decision 147).
 */
export function OfferPayoutCell({ offer, headline = false }: { offer: OfferItem; headline?: boolean }) {
  const { t } = useTranslation();
  const all = payoutLines(offer.payouts, t('offers.variable'));
  if (all.length === 0) return <p className="lean-sm">{t('offers.variable')}</p>;
  const lines = headline ? all.slice(0, 1) : all;
  const more = all.length - lines.length;
  return (
    <div className="lean-lines">
      {lines.map((line) => (
        <p key={line.goal} className="lean-sm" data-testid="offer-goal-payout">
          {all.length > 1 ? <span className={cx('lean-sm', 'lean-dimmed')}>{`${line.name}: `}</span> : null}
          <span style={{ whiteSpace: 'nowrap' }}>{line.value}</span>
        </p>
      ))}
      {more > 0 ? (
        <p className={cx('lean-xs', 'lean-dimmed')} data-testid="offer-more-goals">
          {t('offers.moreGoals', { count: more })}
        </p>
      ) : null}
    </div>
  );
}
