import { Button, Card, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, imageVariantUrl } from '@portal/contracts';
import type { NewsItem } from '../types';

type NewsCardProps = {
  news: NewsItem;
  onOpen: (news: NewsItem) => void;
  /**
   * Whether the card is on the carousel's first page: its picture loads with the page (the first one first, the
   * largest thing a phone sees); the others' wait until scrolled near, so that eight pictures nobody sees yet do not
   * share a slow line with the one that is seen (decision 061).
   */
  onFirstPage?: boolean;
  first?: boolean;
};

/** One news item of the carousel: picture, title, date, excerpt and 'Learn more'. */
export function NewsCard({ news, onOpen, onFirstPage = true, first = false }: NewsCardProps) {
  const { t } = useTranslation();
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
          {news.publishedAt ? formatDate(news.publishedAt) : ''}
        </Text>
        <Text size="sm" lineClamp={3} style={{ flex: 1 }} data-testid="news-card-excerpt">
          {news.excerpt}
        </Text>
        <Button variant="light" onClick={() => onOpen(news)} data-testid="news-learn-more">
          {t('news.learnMore')}
        </Button>
      </Stack>
    </Card>
  );
}
