import { Alert, Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@portal/contracts';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useApplyScrub } from '../api/apply-scrub';
import { useScrub } from '../api/get-scrub';
import { ApplyScrubDialog } from './apply-scrub-dialog';
import { ScrubErrors } from './scrub-errors';
import { ScrubLines } from './scrub-lines';
import { ScrubStakes } from './scrub-stakes';
import { totalsByCurrency } from './scrub-totals';

const COUNTS = ['lines', 'found', 'alreadyRejected', 'unknown', 'errors'] as const;

/** One scrub file: its preview (per partner at stake, lines per category, errors per line), then Apply. */
export function ScrubPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const scrub = useScrub(id);
  const apply = useApplyScrub(id);
  const [confirming, setConfirming] = useState(false);
  if (scrub.isLoading) return <Loader aria-label={t('staff.scrubs.loading')} />;
  if (!scrub.data) return <Text c="red">{t('staff.scrubs.loadError')}</Text>;
  const { preview, result } = scrub.data;
  const totals = totalsByCurrency(preview.partners);

  const confirm = () =>
    apply.mutate(undefined, {
      onSuccess: (done) => {
        setConfirming(false);
        showSnackbar({
          kind: done.alreadyApplied ? 'warning' : 'success',
          message: done.alreadyApplied
            ? t('staff.scrubs.apply.already')
            : t('staff.scrubs.apply.done', { count: done.scrub.result?.reversed ?? 0 }),
        });
      },
    });

  return (
    <Stack>
      <PageTitle>{t('screen.staffScrub')}</PageTitle>
      <Anchor component={Link} to={paths.staffScrubs.href()} size="sm">
        {t('staff.scrubs.back')}
      </Anchor>
      <Card withBorder>
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4" style={{ wordBreak: 'break-all' }}>
              {scrub.data.fileName}
            </Title>
            <Badge
              color={scrub.data.status === 'applied' ? 'green' : 'gray'}
              variant="light"
              data-testid="staff-scrub-status"
            >
              {t(`staff.scrubs.status.${scrub.data.status}`)}
            </Badge>
          </Group>
          <Text size="sm">
            {t('staff.scrubs.uploaded', {
              advertiser: scrub.data.advertiserName ?? '',
              date: scrub.data.createdAt ? formatDate(scrub.data.createdAt) : '',
            })}
          </Text>
          {scrub.data.note ? <Text size="sm">{t('staff.scrubs.noteShown', { note: scrub.data.note })}</Text> : null}
          <SimpleGrid cols={{ base: 2, sm: 5 }} data-testid="staff-scrub-counts">
            {COUNTS.map((key) => (
              <div key={key} data-testid={`staff-scrub-count-${key}`}>
                <Text size="xs" c="dimmed">
                  {t(`staff.scrubs.counts.${key}`)}
                </Text>
                <Text fw={700}>{preview.counts[key].toLocaleString('en')}</Text>
              </div>
            ))}
          </SimpleGrid>
          {result ? (
            <Alert color="green" data-testid="staff-scrub-result">
              {t('staff.scrubs.result', {
                reversed: result.reversed,
                skipped: result.skipped,
                date: scrub.data.appliedAt ? formatDate(scrub.data.appliedAt) : '',
              })}
            </Alert>
          ) : preview.counts.found > 0 ? (
            <div>
              <Button color="red" onClick={() => setConfirming(true)} data-testid="staff-scrub-apply">
                {t('staff.scrubs.apply.button', { count: preview.counts.found })}
              </Button>
            </div>
          ) : (
            <Text size="sm">{t('staff.scrubs.nothingToApply')}</Text>
          )}
        </Stack>
      </Card>
      <ScrubStakes partners={preview.partners} />
      <ScrubErrors errors={preview.samples.errors} total={preview.counts.errors} />
      <ScrubLines
        title={t('staff.scrubs.counts.found')}
        lines={preview.samples.found}
        total={preview.counts.found}
        testId="staff-scrub-found"
      />
      <ScrubLines
        title={t('staff.scrubs.counts.alreadyRejected')}
        lines={preview.samples.alreadyRejected}
        total={preview.counts.alreadyRejected}
        testId="staff-scrub-rejected"
      />
      <ScrubLines
        title={t('staff.scrubs.counts.unknown')}
        lines={preview.samples.unknown}
        total={preview.counts.unknown}
        testId="staff-scrub-unknown"
      />
      {confirming ? (
        <ApplyScrubDialog
          count={preview.counts.found}
          totals={totals}
          busy={apply.isPending}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Stack>
  );
}
