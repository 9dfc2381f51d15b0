import { Anchor, Badge, Button, Center, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STAFF_OFFER_STATUSES, formatDate, type StaffOfferStatus } from '@portal/contracts';
import { CountryFlags } from '@/components/country-flags';
import { useConfig } from '@/lib/config';
import { WindowPagination } from '@/components/window-pagination';
import { paths } from '@/lib/paths';
import { useAdvertiserOptions, useStaffOffers, type StaffOfferListRow } from '../api/staff-offers';

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
  const now = Date.now();
  let body;
  if (offers.isPending)
    body = (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  else if (offers.isError) body = <Text c="red">{t('errors.generic')}</Text>;
  else if (offers.data.list.length === 0) body = <Text c="dimmed">{t('staff.offers.empty')}</Text>;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="staff-offers-table">
            <Table.Thead>
              <Table.Tr>
                {['id', 'name', 'advertiser', 'type', 'countries', 'goals', 'status', 'created'].map((column) => (
                  <Table.Th key={column}>{t(`staff.offers.columns.${column}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {offers.data.list.map((offer) => {
                const state = stateOf(offer, now);
                return (
                  <Table.Tr key={offer.id} data-testid="staff-offer-row">
                    <Table.Td>{offer.id}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.staffOffer.href(offer.id)}>
                        {offer.name}
                      </Anchor>
                      {offer.private ? (
                        <Badge ml="xs" color="grape" variant="light" size="sm">
                          {t('staff.offers.fields.private')}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{offer.advertiser.name}</Table.Td>
                    <Table.Td>{offer.conversionType.toUpperCase()}</Table.Td>
                    <Table.Td>
                      {offer.countries.length > 0 ? (
                        <CountryFlags codes={offer.countries} nameOf={(code) => countryNames.get(code) ?? code} />
                      ) : (
                        t('staff.offers.everyCountry')
                      )}
                    </Table.Td>
                    <Table.Td>{offer.goalCount}</Table.Td>
                    <Table.Td>
                      <Badge color={state.color} variant="light">
                        {t(`staff.offers.statuses.${state.key}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{offer.createdAt ? formatDate(offer.createdAt) : '—'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <WindowPagination
          page={page}
          totalPages={Math.ceil(offers.data.total / PAGE_SIZE)}
          onChange={setPage}
          label={t('staff.offers.pages')}
          testId="staff-offers-pages"
        />
      </>
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
