import { Anchor, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/lib/paths';
import { useAdvertiser } from '../api/get-advertiser';
import { Details } from './advertiser-details';
import { Token } from './advertiser-token';
import { Products } from './advertiser-products';
import { TestPostbackCard } from './test-postback-card';
import { PostbackLog } from './postback-log';
import { TagSetupCard } from './tag-setup-card';
import { AdvertiserUsers } from './advertiser-users';

/**
 * One advertiser (decision 041): its details, its postback token and URL, its products, its portal users (decision
 * 100), its postbacks and a test.
 */
export function AdvertiserPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const advertiser = useAdvertiser(id);
  if (advertiser.isPending)
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (advertiser.isError || !advertiser.data)
    return (
      <Stack>
        <PageTitle>{t('screen.staffAdvertiser')}</PageTitle>
        <Text>{t('staff.advertisers.notFound')}</Text>
        <Anchor component={Link} to={paths.staffAdvertisers.href()}>
          {t('staff.advertisers.back')}
        </Anchor>
      </Stack>
    );
  const a = advertiser.data;
  return (
    <Stack gap="lg">
      <PageTitle>{a.name}</PageTitle>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Details advertiser={a} />
        <Token advertiser={a} />
      </SimpleGrid>
      <Products advertiser={a} />
      <AdvertiserUsers advertiserId={a.id} advertiserName={a.name} />
      <TestPostbackCard advertiserId={a.id} goals={a.goalPostbacks} />
      <TagSetupCard advertiserId={a.id} />
      <PostbackLog advertiserId={a.id} />
    </Stack>
  );
}
