import { Anchor, Badge, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STAFF_OFFER_STATUSES, formatDate, type StaffOfferStatus } from '@portal/contracts';
import { CountryFlags } from '@/components/country-flags';
import { useConfig } from '@/lib/config';
import { useRowSelection } from '@/components/use-row-selection';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { paths } from '@/lib/paths';
import { BulkBar } from '@/components/bulk-bar';
import { useBulkOfferEnabled } from '../api/bulk-offer-enabled';
import { useAdvertiserOptions } from '../api/get-catalogue-options';
import { useStaffOffers, type StaffOfferListRow } from '../api/get-staff-offers';

const PAGE_SIZE = 50;

/** Where an offer stands, as its badge says it. */
function stateOf(offer: StaffOfferListRow, now: number): { key: string; color: string } {
  if (!offer.enabled) return { key: 'disabled', color: 'gray' };
  if (offer.endsAt && offer.endsAt.getTime() <= now) return { key: 'ended', color: 'dark' };
  if (offer.startsAt && offer.startsAt.getTime() > now) return { key: 'scheduled', color: 'yellow' };
  return { key: 'enabled', color: 'green' };
}

/** The catalogue for staff (decision 044): searched, filtered by advertiser and status, newest first; admins add offers. */
export function StaffOffersList({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const config = useConfig();
  const countryNames = new Map(config.countries.map((country) => [country.isoCode, country.name]));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [advertiserId, setAdvertiserId] = useState<string | null>(null);
  const [status, setStatus] = useState<StaffOfferStatus | null>(null);
  const [page, setPage] = useState(1);
  const advertisers = useAdvertiserOptions();
  const offers = useStaffOffers({
    page,
    count: PAGE_SIZE,
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(advertiserId ? { advertiserId: Number(advertiserId) } : {}),
    ...(status ? { status } : {}),
  });
  const picked = useRowSelection(offers.data?.list, {
    row: (offer) => t('staff.offers.bulk.select', { name: offer.name }),
    all: t('staff.offers.bulk.selectAll'),
  });
  const now = Date.now();
  const columns: StaffColumn<StaffOfferListRow>[] = [
    { key: 'id', label: t('staff.offers.columns.id'), cell: (offer) => offer.id },
    {
      key: 'name',
      label: t('staff.offers.columns.name'),
      cell: (offer) => (
        <>
          <Anchor component={Link} to={paths.staffOffer.href(offer.id)}>
            {offer.name}
          </Anchor>
          {offer.private ? (
            <Badge ml="xs" color="grape" variant="light" size="sm">
              {t('staff.offers.fields.private')}
            </Badge>
          ) : null}
        </>
      ),
    },
    { key: 'advertiser', label: t('staff.offers.columns.advertiser'), cell: (offer) => offer.advertiser.name },
    { key: 'type', label: t('staff.offers.columns.type'), cell: (offer) => offer.conversionType.toUpperCase() },
    {
      key: 'countries',
      label: t('staff.offers.columns.countries'),
      cell: (offer) =>
        offer.countries.length > 0 ? (
          <CountryFlags codes={offer.countries} nameOf={(code) => countryNames.get(code) ?? code} />
        ) : (
          t('staff.offers.everyCountry')
        ),
    },
    { key: 'goals', label: t('staff.offers.columns.goals'), cell: (offer) => offer.goalCount },
    {
      key: 'status',
      label: t('staff.offers.columns.status'),
      cell: (offer) => {
        const state = stateOf(offer, now);
        return (
          <Badge color={state.color} variant="light">
            {t(`staff.offers.statuses.${state.key}`)}
          </Badge>
        );
      },
    },
    {
      key: 'created',
      label: t('staff.offers.columns.created'),
      cell: (offer) => (offer.createdAt ? formatDate(offer.createdAt) : '—'),
    },
  ];
  const body = (
    <StaffTable
      columns={columns}
      rows={offers.data?.list}
      rowKey={(offer) => offer.id}
      rowTestId="staff-offer-row"
      loading={offers.isPending}
      error={offers.isError && t('errors.generic')}
      empty={t('staff.offers.empty')}
      minWidth={900}
      testId="staff-offers-table"
      {...(canWrite
        ? {
            selection: picked.selection,
            above: <OffersBulkBar ids={picked.ids} onDone={picked.clear} />,
          }
        : {})}
      paging={{
        page,
        total: offers.data?.total ?? 0,
        pageSize: PAGE_SIZE,
        onChange: setPage,
        label: t('staff.offers.pages'),
        testId: 'staff-offers-pages',
      }}
    />
  );
  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end">
          <TextInput
            label={t('staff.offers.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            data-testid="staff-offers-search"
          />
          <Select
            label={t('staff.offers.columns.advertiser')}
            placeholder={t('staff.partners.all')}
            clearable
            searchable
            data={advertisers}
            value={advertiserId}
            onChange={(value) => {
              setAdvertiserId(value);
              setPage(1);
            }}
            data-testid="staff-offers-advertiser"
          />
          <Select
            label={t('staff.offers.columns.status')}
            placeholder={t('staff.partners.all')}
            clearable
            data={STAFF_OFFER_STATUSES.map((value) => ({ value, label: t(`staff.offers.statuses.${value}`) }))}
            value={status}
            onChange={(value) => {
              setStatus(value as StaffOfferStatus | null);
              setPage(1);
            }}
            data-testid="staff-offers-status"
          />
        </Group>
        {canWrite ? (
          <Button component={Link} to={paths.staffOfferNew.href()} data-testid="staff-offer-new">
            {t('staff.offers.new')}
          </Button>
        ) : null}
      </Group>
      {body}
    </Stack>
  );
}

/** Enable or disable the picked offers in one step, each asked first with the count (decision 080). */
function OffersBulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const bulk = useBulkOfferEnabled();
  const enabling = (enabled: boolean) => ({
    key: enabled ? 'enable' : 'disable',
    label: t(`staff.offers.bulk.${enabled ? 'enable' : 'disable'}`),
    confirm: t(`staff.offers.bulk.${enabled ? 'confirmEnable' : 'confirmDisable'}`, { count: ids.length }),
    ...(enabled ? {} : { color: 'red' }),
    run: () => bulk.mutateAsync({ ids, enabled }),
  });
  return (
    <BulkBar
      count={ids.length}
      actions={[enabling(true), enabling(false)]}
      onDone={onDone}
      testId="staff-offers-bulk"
    />
  );
}
