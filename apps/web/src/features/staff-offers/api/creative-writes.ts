import { useAddCreative } from './add-creative';
import { useAddLandingPage } from './add-landing-page';
import { useRemoveCreative } from './remove-creative';
import { useRemoveLandingPage } from './remove-landing-page';

/** Adds and removes an offer's creatives and landing pages (admins); both lists are read again after each. */
export function useCreativeWrites(offerId: number) {
  return {
    addCreative: useAddCreative(offerId),
    removeCreative: useRemoveCreative(offerId),
    addLandingPage: useAddLandingPage(offerId),
    removeLandingPage: useRemoveLandingPage(offerId),
  };
}
