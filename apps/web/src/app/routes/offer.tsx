import { useTranslation } from 'react-i18next';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/lib/paths';

/** The id is read as a number (spec section 2); anything else is not an offer, back to the list. */
export function offerLoader({ params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw redirect(paths.offers.href());
  return { id };
}

export function OfferRoute() {
  const { t } = useTranslation();
  const { id } = useLoaderData<typeof offerLoader>();
  return <PageTitle>{t('screen.offerNumber', { id })}</PageTitle>;
}
