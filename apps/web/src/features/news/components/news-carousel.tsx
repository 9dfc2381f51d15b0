import './news-carousel.css';
import { ActionIcon, Box, Center, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useRef, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnDemand } from '@/lib/use-on-demand';
import { useNews } from '../api/get-news';
import { carouselLayout, MOBILE_QUERY } from '../layout';
import type { NewsItem } from '../types';
import { NewsCard } from './news-card';
import type { NewsModalProps } from './news-modal';

// The modal (Mantine's Modal, its focus trap and scroll lock) and the HTML sanitiser come with the first news opened,
// not with the dashboard's first load (the dashboard's script budget, decision 048): asked for when a pointer comes
// near a card's button or it gets the focus, and a press meanwhile opens it when it comes, the button busy until then
// (decision 103).
const loadNewsModal = (): Promise<ComponentType<NewsModalProps>> => import('./news-modal').then((m) => m.NewsModal);

/** The dashboard's "What's New" block (spec section 2). */
export function NewsCarousel() {
  const { t } = useTranslation();
  const news = useNews();
  // Read synchronously so that the first render already has the right layout (no flash of 3-up on a phone).
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [opened, setOpened] = useState<NewsItem | null>(null);
  // Once loaded, the modal stays mounted, so that it closes with its transition.
  const modal = useOnDemand(loadNewsModal);
  const NewsModal = modal.loaded;
  const open = (item: NewsItem) => {
    modal.open();
    setOpened(item);
  };
  const pendingId = modal.loaded === null && opened !== null ? opened.id : null;
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
        // A new layout is a new track, back at its start.
        <NewsTrack key={perSlide} perSlide={perSlide} withControls={withControls}>
          {items.map((item, index) => (
            <div key={item.id} data-testid="news-slide">
              <NewsCard
                news={item}
                onOpen={open}
                onApproach={modal.prefetch}
                pending={pendingId === item.id}
                onFirstPage={index < perSlide}
                first={index === 0}
              />
            </div>
          ))}
        </NewsTrack>
      )}
      {NewsModal && <NewsModal news={opened} onClose={() => setOpened(null)} />}
    </Paper>
  );
}

/** The two controls, each in its gutter beside the cards. */
const CONTROLS = [
  { direction: -1, side: 'left', label: 'news.previous', Icon: IconChevronLeft },
  { direction: 1, side: 'right', label: 'news.next', Icon: IconChevronRight },
] as const;

/**
 * Which ends of the track are reached: a control that would not move says so (aria-disabled, dimmed) but keeps its
 * focus, so that a keyboard pressing 'Next news' to the end is not thrown back to the page's start.
 */
type Ends = { start: boolean; end: boolean };

/**
 * The slides in a row that scrolls and snaps (news-carousel.css), `perSlide` to a page; with controls, 'Previous news'
 * and 'Next news' scroll it by a page, in a gutter of their own beside the cards.
 */
function NewsTrack({
  perSlide,
  withControls,
  children,
}: {
  perSlide: number;
  withControls: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement | null>(null);
  const [ends, setEnds] = useState<Ends>({ start: true, end: false });
  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    // A pixel of slack: a snapped position can fall a fraction short of the end.
    setEnds({
      start: element.scrollLeft <= 1,
      end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
    });
  }, []);
  const trackRef = useCallback(
    (element: HTMLDivElement | null) => {
      track.current = element;
      measure();
    },
    [measure],
  );
  const page = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
    element.scrollBy({ left: direction * (element.clientWidth + gap) });
  };

  return (
    <Box
      pos="relative"
      px={withControls ? 40 : 0}
      data-testid="news-carousel"
      data-per-slide={perSlide}
      data-controls={withControls}
    >
      <div
        ref={trackRef}
        className="portal-news-track"
        style={{ '--portal-news-per-slide': perSlide } as CSSProperties}
        onScroll={measure}
      >
        {children}
      </div>
      {withControls
        ? CONTROLS.map(({ direction, side, label, Icon }) => {
            const atEnd = direction < 0 ? ends.start : ends.end;
            return (
              <ActionIcon
                key={side}
                variant="default"
                radius="xl"
                size={30}
                pos="absolute"
                {...{ [side]: 0 }}
                top="50%"
                aria-label={t(label)}
                aria-disabled={atEnd}
                style={{ transform: 'translateY(-50%)', opacity: atEnd ? 0.45 : 1 }}
                onClick={() => page(direction)}
              >
                <Icon size={16} aria-hidden />
              </ActionIcon>
            );
          })
        : null}
    </Box>
  );
}
