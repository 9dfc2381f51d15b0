import { Button, Card, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { imageVariantUrl } from '@portal/contracts';
import { useUserZone } from '@/lib/user-zone';
import type { NewsItem } from '../types';

type NewsCardProps = {
  news: NewsItem;
  onOpen: (news: NewsItem) => void;
  /** A pointer came near the button or it got the focus: the modal's code may be fetched. */
  onApproach?: () => void;
  /** Pressed, the modal's code still on its way: the button says it is busy (decision 103). */
  pending?: boolean;
  /**
   * Whether the card is on the carousel's first page: its picture loads with the page (the first one first, the
   * largest thing a phone sees); the others' wait until scrolled near, so that eight pictures nobody sees yet do not
   * share a slow line with the one that is seen (decision 061).
   */
  onFirstPage?: boolean;
  first?: boolean;
};

/** One news item of the carousel: picture, title, date, excerpt and 'Learn more'. */
export function NewsCard({
  news,
  onOpen,
  onApproach,
  pending = false,
  onFirstPage = true,
  first = false,
}: NewsCardProps) {
  const { t } = useTranslation();
  const zone = useUserZone();
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="news-card" data-news-id={news.id}>
      <Card.Section>
        {news.image ? (
          <Image
            src={imageVariantUrl(news.image, 'newsCard')}
            alt={t('news.imageAlt', { title: news.title })}
            h={180}
            fit="cover"
            loading={onFirstPage ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
            data-testid="news-card-image"
          />
        ) : null}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Title order={4} lineClamp={2} data-testid="news-card-title">
          {news.title}
        </Title>
        <Text size="xs" c="dimmed" data-testid="news-card-date">
          {zone.day(news.publishedAt)}
        </Text>
        <Text size="sm" lineClamp={3} style={{ flex: 1 }} data-testid="news-card-excerpt">
          {news.excerpt}
        </Text>
        <Button
          variant="light"
          onClick={() => onOpen(news)}
          onPointerEnter={onApproach}
          onFocus={onApproach}
          rightSection={pending ? <Loader size={14} aria-hidden /> : undefined}
          aria-busy={pending}
          data-pending={pending || undefined}
          data-testid="news-learn-more"
        >
          {t('news.learnMore')}
        </Button>
      </Stack>
    </Card>
  );
}
