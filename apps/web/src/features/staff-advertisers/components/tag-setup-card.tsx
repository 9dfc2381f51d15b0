import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagSetupOffer } from '@/components/tag-setup-offer';
import { useTagSetup } from '../api/get-tag-setup';

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
          <TagSetupOffer
            key={offer.offerId}
            offer={offer}
            watching={watching}
            onWatch={setWatching}
            testId="staff-tag"
          />
        ))}
      </Stack>
    </Card>
  );
}
