import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOKEN_GRACE_DEFAULT_HOURS, TOKEN_GRACE_MAX_HOURS } from '@portal/contracts';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useRotateToken } from '../api/rotate-token';
import { type AdvertiserData } from '../api/get-advertiser';
import { when } from './format-when';

/** The postback URL cut to its token, with a reversal and a partial refund of one transaction (decision 069). */
function reversalExamples(postbackUrl: string): string {
  const base = postbackUrl.split('&')[0];
  return [
    `${base}&transaction_id=ORDER-123&status=reversed&reason=refund`,
    `${base}&transaction_id=ORDER-123&status=adjusted&amount=40.00`,
  ].join('\n');
}

/** One ready URL per goal its offers pay on: the code the advertiser's server must send, filled in (decision 078). */
function GoalUrls({ goals }: { goals: AdvertiserData['goalPostbacks'] }) {
  const { t } = useTranslation();
  if (goals.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="staff-advertiser-goal-urls">
      <Text size="sm" fw={600}>
        {t('staff.advertisers.goalUrls')}
      </Text>
      <Text size="sm">{t('staff.advertisers.goalUrlsHint')}</Text>
      {goals.map((goal) => (
        <Stack key={goal.code} gap={4} data-testid="staff-advertiser-goal-url">
          <Group gap="xs">
            <Text size="sm">{goal.name}</Text>
            <Code>{goal.code}</Code>
            {goal.retired ? <Badge color="gray" variant="light">{t('staff.goals.retired')}</Badge> : null}
          </Group>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1 }}>
              {goal.url}
            </Code>
            <CopyButton value={goal.url}>
              {({ copied, copy }) => (
                <Button size="xs" variant="subtle" onClick={copy} aria-label={t('staff.advertisers.copyGoalUrl', { name: goal.name })}>
                  {copied ? t('staff.advertisers.copied') : t('staff.advertisers.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
} // prettier-ignore

export function Token({ advertiser }: { advertiser: AdvertiserData }) {
  const { t } = useTranslation();
  const rotate = useRotateToken(advertiser.id);
  const [rotating, setRotating] = useState(false);
  const [grace, setGrace] = useState<number | string>(TOKEN_GRACE_DEFAULT_HOURS);
  return (
    <Card withBorder data-testid="staff-advertiser-token">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('staff.advertisers.postbacks')}
        </Title>
        <Text size="sm">{t('staff.advertisers.tokenHint')}</Text>
        <Text size="sm" fw={600}>
          {t('staff.advertisers.postbackUrl')}
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="staff-advertiser-postback-url">
          {advertiser.postbackUrl}
        </Code>
        <GoalUrls goals={advertiser.goalPostbacks} />
        <Text size="sm" fw={600}>
          {t('staff.advertisers.reversalsTitle')}
        </Text>
        <Text size="sm">{t('staff.advertisers.reversalsHint')}</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="staff-advertiser-reversal-examples">
          {reversalExamples(advertiser.postbackUrl)}
        </Code>
        <Group>
          <CopyButton value={advertiser.postbackUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('staff.advertisers.copied') : t('staff.advertisers.copyUrl')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" color="orange" variant="light" onClick={() => setRotating(true)} data-testid="staff-advertiser-rotate">
            {t('staff.advertisers.rotate')}
          </Button>
        </Group>
        {advertiser.previousTokenExpiresAt ? (
          <Alert color="yellow" data-testid="staff-advertiser-grace">
            {t('staff.advertisers.graceUntil', { date: when(advertiser.previousTokenExpiresAt) })}
          </Alert>
        ) : null}
      </Stack>
      {rotating ? (
        <Modal opened onClose={() => setRotating(false)} title={t('staff.advertisers.rotate')}>
          <Stack>
            <Text size="sm">{t('staff.advertisers.rotateHint')}</Text>
            <NumberInput
              label={t('staff.advertisers.graceHours')}
              description={t('staff.advertisers.graceHoursHint', { max: TOKEN_GRACE_MAX_HOURS })}
              min={0}
              max={TOKEN_GRACE_MAX_HOURS}
              allowDecimal={false}
              value={grace}
              onChange={setGrace}
              data-testid="staff-advertiser-grace-hours"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRotating(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="orange"
                loading={rotate.isPending}
                onClick={() =>
                  rotate.mutate(Number(grace) || 0, {
                    onSuccess: () => {
                      setRotating(false);
                      showSnackbar({ kind: 'success', message: t('staff.advertisers.rotated') });
                    },
                    onError: (error) => handleFormError(error, { t }),
                  })
                }
                data-testid="staff-advertiser-rotate-confirm"
              >
                {t('staff.advertisers.rotate')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Card>
  );
} // prettier-ignore
