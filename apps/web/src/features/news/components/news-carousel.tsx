import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Center, Paper, SimpleGrid, Skeleton, Text, Title, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNews } from '../api/get-news';
import type { NewsItem } from '../types';
import { NewsCard } from './news-card';

// The modal (Mantine's Modal, its focus trap and scroll lock) and the HTML sanitiser come with the first news opened,
// not with the dashboard's first load (issue 22's budget, decision 048).
const NewsModal = lazy(() => import('./news-modal').then((m) => ({ default: m.NewsModal })));

/** Mantine's `sm` breakpoint: below it the portal is laid out for phones. */
const MOBILE_QUERY = `(max-width: ${em(767.98)})`;

/**
 * How many news items one slide shows, and whether the navigation controls are needed at all:
 * 3 per slide on desktop and 1 on mobile, controls only when there are more items than that.
 */
export function carouselLayout(items: number, mobile: boolean) {
  const perSlide = mobile ? 1 : 3;
  return { perSlide, withControls: items > perSlide };
}

/** The dashboard's "What's New" block (spec section 2). */
export function NewsCarousel() {
  const { t } = useTranslation();
  const news = useNews();
  // Read synchronously so that the first render already has the right layout (no flash of 3-up on a phone).
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [opened, setOpened] = useState<NewsItem | null>(null);
  // Once loaded, the modal stays mounted, so that it closes with its transition.
  const [modalWanted, setModalWanted] = useState(false);
  const open = (item: NewsItem) => {
    setModalWanted(true);
    setOpened(item);
  };
  const items = news.data?.list ?? [];
  const { perSlide, withControls } = carouselLayout(items.length, mobile);

  return (
    <Paper withBorder radius="md" p="md" data-testid="news-block">
      <Title order={3} mb="md">
        {t('news.title')}
      </Title>
      {news.isPending ? (
        <SimpleGrid cols={perSlide} data-testid="news-loading">
          {Array.from({ length: perSlide }, (_, i) => (
            <Skeleton key={i} height={320} radius="md" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Center mih={120}>
          <Text c="dimmed" data-testid="news-empty">
            {t('news.empty')}
          </Text>
        </Center>
      ) : (
        <Carousel
          // A new layout is a new carousel: Embla re-measures its slides.
          key={perSlide}
          slideSize={`${100 / perSlide}%`}
          slideGap="md"
          withControls={withControls}
          controlSize={30}
          controlsOffset={0}
          // The controls sit in a gutter of their own instead of over the cards' text.
          styles={withControls ? { root: { paddingInline: 40 } } : undefined}
          emblaOptions={{ align: 'start', slidesToScroll: perSlide, containScroll: 'trimSnaps' }}
          previousControlProps={{ 'aria-label': t('news.previous') }}
          nextControlProps={{ 'aria-label': t('news.next') }}
          data-testid="news-carousel"
          data-per-slide={perSlide}
          data-controls={withControls}
        >
          {items.map((item) => (
            <Carousel.Slide key={item.id} data-testid="news-slide">
              <NewsCard news={item} onOpen={open} />
            </Carousel.Slide>
          ))}
        </Carousel>
      )}
      {modalWanted && (
        <Suspense>
          <NewsModal news={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
