import { Badge, Code, Group, Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { expandClickUrl, formatPayout, type OfferCreate } from '@portal/contracts';
import { CountryFlags } from '@/components/country-flags';
import { useConfig } from '@/lib/config';
import { loadOnce, useLoadOnce } from '@/lib/load-once';
import { type Draft } from './offer-draft';

/** DOMPurify, the description's HTML drawn clean: asked for once the editor is approached (decision 129). */
const safeHtmlCode = loadOnce(() => import('@/components/safe-html'));

/** The description's text without its markup, shown until its HTML can be drawn clean (a parsed document runs nothing). */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** What the partner will see (the spec's offer detail: payout per goal, countries, description) and a sample link. */
export function Preview({ offerId, rich, draft, body, productName, goalLabel }: { offerId: number | null; rich: boolean; draft: Draft; body: OfferCreate; productName: string; goalLabel: (id: string) => string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const safe = useLoadOnce(safeHtmlCode, rich && draft.descriptionHtml !== '');
  const sampleLink = `${window.location.origin}/click?offer_id=${offerId ?? t('staff.offers.newId')}&aff_id=1001&subid=summer-banner`;
  return (
    <Stack gap="sm" pos="sticky" top={16} data-testid="staff-offer-preview">
      <Title order={2} size="h4">
        {t('staff.offers.preview')}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="xs">
          {draft.image ? <Image src={draft.image} alt="" h={80} w="auto" fit="contain" /> : null}
          <Text fw={700}>{draft.name || t('staff.offers.untitled')}</Text>
          <Group gap="xs">
            <Badge variant="light">{draft.conversionType.toUpperCase()}</Badge>
            {draft.private ? <Badge color="grape" variant="light">{t('staff.offers.fields.private')}</Badge> : null}
            {draft.requireApproval ? <Badge color="yellow" variant="light">{t('staff.offers.fields.requireApproval')}</Badge> : null}
          </Group>
          <Text size="sm" c="dimmed">{productName}</Text>
          {draft.countries.length > 0 ? <CountryFlags codes={draft.countries} nameOf={(code) => config.countries.find((c) => c.isoCode === code)?.name ?? code} /> : <Text size="sm">{t('staff.offers.everyCountry')}</Text>}
          <Table withTableBorder data-testid="staff-offer-preview-goals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.offers.goal.goal')}</Table.Th>
                <Table.Th>{t('staff.offers.previewPayout')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {body.goals.map((g, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{goalLabel(g.goal)}</Table.Td>
                  <Table.Td>{formatPayout({ amount: Number.isFinite(g.payoutAmount) ? (g.payoutAmount ?? null) : null, percent: Number.isFinite(g.payoutPercent) ? (g.payoutPercent ?? null) : null, currency: draft.currency })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {draft.descriptionHtml ? (
            <>
              <Title order={3} size="h6">{t('staff.offers.previewDescription')}</Title>
              {safe ? <safe.SafeHtml html={draft.descriptionHtml} data-testid="staff-offer-preview-description" /> : <Text size="sm" data-testid="staff-offer-preview-description">{textOf(draft.descriptionHtml)}</Text>}
            </>
          ) : null}
        </Stack>
      </Paper>
      <Text size="sm" fw={600}>{t('staff.offers.previewLink')}</Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="staff-offer-preview-link">{sampleLink}</Code>
      <Text size="sm" fw={600}>{t('staff.offers.previewLanding')}</Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="staff-offer-preview-landing">{expandClickUrl(draft.defaultUrl)}</Code>
    </Stack>
  );
} // prettier-ignore
