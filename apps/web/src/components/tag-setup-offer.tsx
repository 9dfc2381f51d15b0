import { Badge, Button, Card, Code, CopyButton, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatHour, type OfferTagSetup, type TagHit } from '@portal/contracts';

/** An offer's set-up as the API client gives it: `createdAt` read as a date. */
type OfferSetup = Omit<OfferTagSetup, 'lastHit'> & {
  lastHit: (Omit<TagHit, 'createdAt'> & { createdAt: Date | null }) | null;
};

const SNIPPETS = ['s2s', 'javascript', 'image', 'iframe'] as const;

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
            {copied ? t('tagSetup.copied') : t('tagSetup.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/**
 * One offer's client-side set-up (decision 085): ready snippets per goal with copy buttons, "Check my installation"
 * and the latest tag hit. The staff advertiser page and the advertiser's own Set-up screen (decision 100) show it;
 * `testId` prefixes the test ids ('staff-tag', 'advertiser-tag').
 */
export function TagSetupOffer({ offer, watching, onWatch, testId }: { offer: OfferSetup; watching: boolean; onWatch: (on: boolean) => void; testId: string }) {
  const { t } = useTranslation();
  const hit = offer.lastHit;
  return (
    <Card withBorder data-testid={`${testId}-setup-offer`}>
      <Stack gap="sm">
        <Title order={4} size="h5">
          {offer.offerName} (#{offer.offerId})
        </Title>
        <Text size="sm">
          {offer.tagOrigins.length > 0 ? t('tagSetup.origins', { origins: offer.tagOrigins.join(', ') }) : t('tagSetup.noOrigins')}
          {' · '}
          {t('tagSetup.param', { param: offer.tagClickParam })}
        </Text>
        <Text size="sm" fw={500}>
          {t('tagSetup.landing')}
        </Text>
        <Snippet value={offer.landing} testId={`${testId}-setup-landing`} />
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
                  {g.trustClientConversions ? t('tagSetup.trusted') : t('tagSetup.pending')}
                </Badge>
                {SNIPPETS.map((kind) => (
                  <Stack key={kind} gap={2}>
                    <Text size="sm" fw={500}>
                      {t(`tagSetup.snippets.${kind}`)}
                    </Text>
                    <Snippet value={g[kind]} testId={`${testId}-setup-${kind}`} />
                  </Stack>
                ))}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group>
          <Button size="xs" variant={watching ? 'default' : 'filled'} onClick={() => onWatch(!watching)} data-testid={`${testId}-check`}>
            {watching ? t('tagSetup.stop') : t('tagSetup.check')}
          </Button>
          {watching ? <Loader size="xs" aria-label={t('tagSetup.watching')} /> : null}
        </Group>
        <Text size="sm" data-testid={`${testId}-last-hit`} aria-live="polite">
          {hit
            ? t('tagSetup.lastHit', {
                when: hit.createdAt ? `${formatDate(hit.createdAt)} ${formatHour(hit.createdAt)}` : '—',
                channel: t(`tagSetup.channels.${hit.channel}`),
                origin: hit.origin ?? '—',
                outcome: [t(`tagSetup.outcomes.${hit.outcome}`, { defaultValue: hit.outcome }), hit.status, hit.reason].filter(Boolean).join(', '),
              })
            : t('tagSetup.noHit')}
        </Text>
      </Stack>
    </Card>
  );
} // prettier-ignore
