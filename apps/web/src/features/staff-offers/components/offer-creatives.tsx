import { Stack } from '@mantine/core';
import { CreativesPanel } from './creatives-panel';
import { LandingPagesPanel } from './landing-pages-panel';

/**
 * What partners promote and where their links may land (decision 050): the offer's creatives (banners, HTML, e-mail
 * templates, text ads) and alternative landing pages. Every staff member reads them; administrators add and remove.
 */
export function OfferCreatives({ offerId, canWrite }: { offerId: number; canWrite: boolean }) {
  return (
    <Stack gap="xl">
      <CreativesPanel offerId={offerId} canWrite={canWrite} />
      <LandingPagesPanel offerId={offerId} canWrite={canWrite} />
    </Stack>
  );
}
