import { Anchor, Button, Center, Grid, Image, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatCount,
  formatLocalDate,
  formatLocalHour,
  toLocalIso,
  zoneName,
  formatMoneyMinor,
  formatPayout,
  imageVariantUrl,
} from '@portal/contracts';
import { CountryFlags } from '@/components/country-flags';
import { PageTitle } from '@/components/page-title';
import { SafeHtml } from '@/components/safe-html';
import { isApiRequestError } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useApplyOffer } from '../api/apply-offer';
import { useOffer } from '../api/get-offer';
import { useOfferLandingPages } from '../api/get-offer-landing-pages';
import { noLinkReason } from '../tracking-link';
import { OfferCreativesPanel } from './offer-creatives';
import type { OfferItem } from '../types';
import { OfferStatusBadge } from './offer-status-badge';
import { OfferPayoutCell, verticalNames } from './offer-payout-cell';
import { TrackingLink } from './tracking-link';

/** Offer detail (spec section 2); `id` is null when the address holds no valid offer id. */
export function OfferDetail({ id }: { id: number | null }) {
  const offer = useOffer(id);
  if (id === null || isApiRequestError(offer.error, 404) || isApiRequestError(offer.error, 400)) {
    return <OfferNotFound />;
  }
  if (offer.isPending || !offer.data) {
    return (
      <Stack data-testid="offer-loading" aria-busy="true">
        <Skeleton height={36} width="40%" />
        <Skeleton height={250} />
      </Stack>
    );
  }
  return <OfferView offer={offer.data} />;
}

function OfferNotFound() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh">
      <Stack align="center" gap="xs" data-testid="offer-not-found">
        <PageTitle mb={0}>{t('offers.detail.notFoundTitle')}</PageTitle>
        <Text c="dimmed">{t('offers.detail.notFoundText')}</Text>
        <Anchor component={Link} to={paths.offers.href()}>
          {t('offers.detail.backToList')}
        </Anchor>
      </Stack>
    </Center>
  );
}

function OfferView({ offer }: { offer: OfferItem }) {
  const { t } = useTranslation();
  const config = useConfig();
  const apply = useApplyOffer();
  // The link the partner builds (sub-ID, trackers, landing page): the creatives copy it inside (decision 050).
  const [link, setLink] = useState<string | null>(null);
  const runnable = Boolean(config.partner) && noLinkReason(offer) === null;
  const landingPages = useOfferLandingPages(offer.id, runnable);
  const countryNames = new Map(config.countries.map((country) => [country.isoCode, country.name]));
  const payoutType =
    config.data.conversionTypeList.find((item) => item.value === offer.conversionType)?.label ??
    offer.conversionType.toUpperCase();

  const onApply = () => {
    apply.mutate(
      { offerId: offer.id },
      { onSuccess: () => showSnackbar({ kind: 'success', message: t('offers.detail.applied') }) },
    );
  };

  const rows: [string, string, ReactNode][] = [
    [
      'geos',
      t('offers.detail.geos'),
      <CountryFlags key="geos" codes={offer.countries} nameOf={(code) => countryNames.get(code) ?? code} />,
    ],
    ['payout-type', t('offers.detail.payoutType'), payoutType],
    // The registration payout (spec section 2); an offer that pays on other goals shows them rather than a blank.
    ['payout', t('offers.detail.payout'), formatPayout(offer.payout) || <OfferPayoutCell key="payout" offer={offer} />],
    [
      'approval-status',
      t('offers.detail.approvalStatus'),
      <OfferStatusBadge key="status" status={offer.partnerStatus} />,
    ],
    ['vertical', t('offers.detail.vertical'), verticalNames(offer)],
    // The caps that concern the partner (decision 045): its own with what is left, the offer's as available or capped.
    ...(offer.caps && offer.caps.length > 0
      ? [['caps', t('offers.detail.caps'), <OfferCapsList key="caps" caps={offer.caps} currency={offer.currency.isoCode} timeZone={config.user.timezone ?? undefined} />] as [string, string, ReactNode]] // prettier-ignore
      : []),
  ];

  return (
    <Stack gap="md" data-testid="offer-detail" data-offer-id={offer.id}>
      <PageTitle>{offer.name}</PageTitle>
      <Paper withBorder p="md" radius="md">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 'content' }}>
            {offer.image ? (
              <Image
                src={imageVariantUrl(offer.image, 'offer')}
                alt={t('offers.imageAlt', { name: offer.name })}
                w={250}
                h={250}
                radius="md"
                // The page's largest element: asked at the page's priority (and named by the page, decision 158).
                fetchPriority="high"
                data-testid="offer-detail-image"
              />
            ) : null}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 'auto' }}>
            <Table variant="vertical" layout="fixed" withTableBorder data-testid="offer-detail-table">
              <Table.Tbody>
                {rows.map(([key, label, value]) => (
                  <Table.Tr key={key} data-testid={`offer-detail-${key}`}>
                    <Table.Th w={180}>{label}</Table.Th>
                    <Table.Td data-testid="value">{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {/* Every goal with what it pays this partner, under the spec's rows, when there are several. */}
            {offer.payouts.length > 1 ? (
              <Stack gap={4} mt="sm" data-testid="offer-detail-goals">
                <Text size="sm" fw={700}>
                  {t('offers.detail.goals')}
                </Text>
                <OfferPayoutCell offer={offer} />
              </Stack>
            ) : null}
            {offer.partnerStatus === 'apply_to_run' && (
              <Button
                mt="md"
                onClick={onApply}
                disabled={apply.isPending}
                loading={apply.isPending}
                data-testid="offer-apply"
              >
                {t('offers.detail.apply')}
              </Button>
            )}
          </Grid.Col>
        </Grid>
      </Paper>
      {config.partner && (
        <TrackingLink
          offer={offer}
          partnerId={config.partner.id}
          landingPages={landingPages.data ?? []}
          onLinkChange={setLink}
        />
      )}
      <Paper withBorder p="md" radius="md">
        <Title order={3} mb="sm">
          {t('offers.detail.description')}
        </Title>
        {offer.descriptionHtml.trim() ? (
          <SafeHtml html={offer.descriptionHtml} data-testid="offer-description" />
        ) : (
          <Text c="dimmed" data-testid="offer-description">
            {t('offers.detail.noDescription')}
          </Text>
        )}
      </Paper>
      {/* What the partner promotes (decision 050), below the spec's description. */}
      {config.partner ? (
        <Paper withBorder p="md" radius="md" data-testid="offer-creatives-section">
          <Title order={3} mb="sm">
            {t('offers.creatives.title')}
          </Title>
          <OfferCreativesPanel offerId={offer.id} link={link} />
        </Paper>
      ) : null}
    </Stack>
  );
}

type PartnerCapItem = NonNullable<OfferItem['caps']>[number];

/** One line per cap, in the partner's time zone: what is left and when it resets. */
function OfferCapsList({ caps, currency, timeZone }: { caps: PartnerCapItem[]; currency: string; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const value = (cap: PartnerCapItem, n: number) =>
    cap.metric === 'payout' || cap.metric === 'revenue' ? formatMoneyMinor(n, currency) : formatCount(n);
  return (
    <Stack gap={4}>
      {caps.map((cap, i) => {
        const what = t('offers.detail.capWhat', { metric: t(`offers.detail.capMetrics.${cap.metric}`), period: t(`offers.detail.capPeriods.${cap.period}`) }); // prettier-ignore
        const state = cap.scope === 'partner'
          ? t('offers.detail.capLeft', { left: value(cap, cap.remaining), limit: value(cap, cap.limit) })
          : t(`offers.detail.capOffer.${cap.status}`);
        // The partner's time zone is a fixed offset (account settings): the moment on that wall clock.
        const local = cap.resetsAt ? toLocalIso(cap.resetsAt, timeZone) : null;
        const resets = local ? t('offers.detail.capResets', { when: `${formatLocalDate(local)} ${formatLocalHour(local)} (${zoneName(timeZone)})` }) : ''; // prettier-ignore
        return (
          <Text key={i} size="sm" data-testid="offer-detail-cap" data-scope={cap.scope}>
            {[what, state, resets].filter(Boolean).join(' · ')}
          </Text>
        );
      })}
    </Stack>
  );
} // prettier-ignore
