import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { OfferDetail } from '@/features/offers/components/offer-detail';

const MAX_ID = 2_147_483_647;

/**
 * The id is read as a number (spec section 2). Anything that is not one names no offer: the screen
 * says so instead of redirecting, so a mistyped or stale link is understood.
 */
export function offerLoader({ params }: LoaderFunctionArgs) {
  const raw = params.id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  return { id: Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null };
}

export function OfferRoute() {
  const { id } = useLoaderData<typeof offerLoader>();
  // Keyed by id: going from one offer to another starts from a clean screen.
  return <OfferDetail key={id ?? 'none'} id={id} />;
}
