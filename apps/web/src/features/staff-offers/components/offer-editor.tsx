import { Box, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isApiRequestError } from '@/lib/api-client';
import { loadScreenTexts, loadStaffTexts } from '@/lib/i18n';
import { loadOnce, useLoadOnce } from '@/lib/load-once';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useCatalogueOptions } from '../api/get-catalogue-options';
import { useStaffOffer } from '../api/get-staff-offer';
import { EditorForm } from './editor-form';

/** The panels below the form, asked for when about to be seen, linked to, or reached from the keyboard (decision 129). */
const panelsCode = loadOnce(() =>
  Promise.all([import('./offer-panels.lazy'), loadScreenTexts(['offers']), loadStaffTexts(['traffic'])]).then(
    ([panels]) => panels,
  ),
);

/** The offer editor (decision 044): every field, goals with revenue beside payout, a live preview of the partner's view. */
export function OfferEditor({
  id,
  canWrite,
  canOverride = canWrite,
  canCapOffer = canWrite,
}: {
  id: number | null;
  canWrite: boolean;
  canOverride?: boolean;
  /** Administrators and team managers cap the whole offer (decision 045). */
  canCapOffer?: boolean;
}) {
  const { t } = useTranslation();
  const offer = useStaffOffer(id);
  const options = useCatalogueOptions();
  const { hash } = useLocation();
  const linked = /^#[a-z-]+$/.test(hash);
  const [nearRef, near] = useNearViewport();
  // Tabbing through the form reaches the panels next: they are drawn by then, not only once scrolled to.
  const [focused, setFocused] = useState(false);
  const panels = useLoadOnce(panelsCode, Boolean(offer.data) && (near || linked || focused));
  const ready = Boolean(offer.data && options.data && panels);
  // A link to a panel (a cap alert's '#caps', an override decision's '#overrides') shows that panel once it is drawn.
  useEffect(() => {
    if (ready && linked) document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' });
  }, [ready, linked, hash]);
  if ((id !== null && offer.isPending) || options.isPending) return <Loader aria-label={t('common.loading')} />;
  if (offer.isError || options.isError || !options.data) {
    return (
      <Text c="red">{isApiRequestError(offer.error, 404) ? t('staff.offers.notFound') : t('errors.generic')}</Text>
    );
  }
  return (
    <Stack gap="xl" onFocus={() => setFocused(true)}>
      <EditorForm key={id ?? 'new'} offer={offer.data ?? null} options={options.data} canWrite={canWrite} />
      {offer.data ? (
        <Box ref={nearRef} mih={panels ? undefined : 200} data-testid="staff-offer-panels">
          {panels ? (
            <panels.OfferPanels
              offer={offer.data}
              canWrite={canWrite}
              canOverride={canOverride}
              canCapOffer={canCapOffer}
            />
          ) : near || linked || focused ? (
            <Loader aria-label={t('common.loading')} />
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}
