import { Alert, Badge, Button, Card, Code, CopyButton, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTagSetup } from '../api/get-tag-setup';
import { when } from './format-when';

const SNIPPETS = ['s2s', 'javascript', 'image', 'iframe'] as const;

type OfferTagSetup = NonNullable<ReturnType<typeof useTagSetup>['data']>[number];

function Snippet({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} w="fit-content">
            {copied ? t('staff.advertisers.tagSetup.copied') : t('staff.advertisers.tagSetup.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

function OfferSetup({ offer, watching, onWatch }: { offer: OfferTagSetup; watching: boolean; onWatch: (on: boolean) => void }) {
  const { t } = useTranslation();
  const hit = offer.lastHit;
  return (
    <Card withBorder data-testid="staff-tag-setup-offer">
      <Stack gap="sm">
        <Title order={4} size="h5">
          {offer.offerName} (#{offer.offerId})
        </Title>
        <Text size="sm">
          {offer.tagOrigins.length > 0
            ? t('staff.advertisers.tagSetup.origins', { origins: offer.tagOrigins.join(', ') })
            : t('staff.advertisers.tagSetup.noOrigins')}
          {' · '}
          {t('staff.advertisers.tagSetup.param', { param: offer.tagClickParam })}
        </Text>
        <Text size="sm" fw={500}>
          {t('staff.advertisers.tagSetup.landing')}
        </Text>
        <Snippet value={offer.landing} testId="staff-tag-setup-landing" />
        <Tabs defaultValue={offer.goals[0]?.goal ?? ''} keepMounted={false}>
          <Tabs.List>
            {offer.goals.map((g) => (
              <Tabs.Tab key={g.goal} value={g.goal}>
                {g.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {offer.goals.map((g) => (
            <Tabs.Panel key={g.goal} value={g.goal} pt="sm">
              <Stack gap="xs">
                <Badge variant="light" color={g.trustClientConversions ? 'green' : 'yellow'} w="fit-content">
                  {g.trustClientConversions ? t('staff.advertisers.tagSetup.trusted') : t('staff.advertisers.tagSetup.pending')}
                </Badge>
                {SNIPPETS.map((kind) => (
                  <Stack key={kind} gap={2}>
                    <Text size="sm" fw={500}>
                      {t(`staff.advertisers.tagSetup.snippets.${kind}`)}
                    </Text>
                    <Snippet value={g[kind]} testId={`staff-tag-setup-${kind}`} />
                  </Stack>
                ))}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group>
          <Button size="xs" variant={watching ? 'default' : 'filled'} onClick={() => onWatch(!watching)} data-testid="staff-tag-check">
            {watching ? t('staff.advertisers.tagSetup.stop') : t('staff.advertisers.tagSetup.check')}
          </Button>
          {watching ? <Loader size="xs" aria-label={t('staff.advertisers.tagSetup.watching')} /> : null}
        </Group>
        <Text size="sm" data-testid="staff-tag-last-hit">
          {hit
            ? t('staff.advertisers.tagSetup.lastHit', {
                when: hit.createdAt ? when(hit.createdAt) : '—',
                channel: t(`staff.advertisers.channels.${hit.channel}`),
                origin: hit.origin ?? '—',
                outcome: [t(`staff.advertisers.outcomes.${hit.outcome}`, { defaultValue: hit.outcome }), hit.status, hit.reason].filter(Boolean).join(', '),
              })
            : t('staff.advertisers.tagSetup.noHit')}
        </Text>
      </Stack>
    </Card>
  );
} // prettier-ignore

/** The advertiser's client-side set-up (decision 085): per offer and goal, ready snippets and the latest tag hit. */
export function TagSetupCard({ advertiserId }: { advertiserId: number }) {
  const { t } = useTranslation();
  const [watching, setWatching] = useState(false);
  const setup = useTagSetup(advertiserId, watching);
  return (
    <Card withBorder data-testid="staff-tag-setup">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('staff.advertisers.tagSetup.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.advertisers.tagSetup.intro')}
        </Text>
        {setup.isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
        {setup.isError ? <Alert color="red">{t('errors.generic')}</Alert> : null}
        {setup.data?.length === 0 ? <Text c="dimmed">{t('staff.advertisers.tagSetup.none')}</Text> : null}
        {setup.data?.map((offer) => (
          <OfferSetup key={offer.offerId} offer={offer} watching={watching} onWatch={setWatching} />
        ))}
      </Stack>
    </Card>
  );
}
