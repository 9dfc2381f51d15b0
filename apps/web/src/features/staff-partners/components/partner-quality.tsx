import { Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TRAFFIC_RULES, formatCount, formatPercent } from '@portal/contracts';
import { usePartnerQuality } from '../api/get-partner-quality';

type Share = { count: number; share: number };

/**
 * A partner's traffic quality over 30 days (decision 108): the share of its clicks refused and flagged, by rule, and
 * its conversions the rules held, with what review made of them. Staff only; the partner never sees the thresholds.
 */
export function PartnerQuality({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation();
  const quality = usePartnerQuality(partnerId);
  if (quality.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (quality.isError) return <Text c="red">{t('errors.generic')}</Text>;
  const q = quality.data;
  const share = (value: Share) =>
    t('staff.partner.quality.share', { count: value.count, formatted: formatCount(value.count), percent: formatPercent(value.share) }); // prettier-ignore
  const figure = (key: string, label: string, value: string, testId?: string) => (
    <Stack key={key} gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
  const byRule = (kind: 'refused' | 'flagged') =>
    TRAFFIC_RULES.filter((rule) => q[kind].byRule[rule].count > 0)
      .map((rule) => `${t(`staff.traffic.rules.${rule}`)}: ${formatPercent(q[kind].byRule[rule].share)}`)
      .join(' · ');
  const refusedRules = [byRule('refused'), q.refused.blocklists.count > 0 ? `${t('staff.partner.quality.blocklists')}: ${formatPercent(q.refused.blocklists.share)}` : ''].filter(Boolean).join(' · '); // prettier-ignore
  const flaggedRules = byRule('flagged');
  return (
    <Card withBorder padding="md" data-testid="staff-partner-quality">
      <Title order={2} size="h5" mb="xs">
        {t('staff.partner.quality.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {figure('clicks', t('staff.partner.quality.clicks'), formatCount(q.clicks), 'staff-partner-quality-clicks')}
        {figure('refused', t('staff.partner.quality.refused'), share(q.refused.total), 'staff-partner-quality-refused')}
        {figure('flagged', t('staff.partner.quality.flagged'), share(q.flagged.total), 'staff-partner-quality-flagged')}
        {figure('held', t('staff.partner.quality.held'), share(q.conversions.held), 'staff-partner-quality-held')}
        {figure('approved', t('staff.partner.quality.approvedAfterReview'), formatCount(q.conversions.approvedAfterReview), 'staff-partner-quality-approved')}
        {figure('rejected', t('staff.partner.quality.rejectedAfterReview'), formatCount(q.conversions.rejectedAfterReview), 'staff-partner-quality-rejected')}
      </SimpleGrid>
      <Stack gap={2} mt="xs">
        {refusedRules ? <Text size="sm">{t('staff.partner.quality.refusedBy', { rules: refusedRules })}</Text> : null}
        {flaggedRules ? <Text size="sm">{t('staff.partner.quality.flaggedBy', { rules: flaggedRules })}</Text> : null}
        <Text size="sm" c="dimmed">
          {t('staff.partner.quality.conversionsLine', {
            total: formatCount(q.conversions.total),
            held: formatCount(q.conversions.stillHeld),
            refused: formatCount(q.conversions.refusedByRule.count),
          })}
        </Text>
      </Stack>
    </Card>
  );
} // prettier-ignore
