import { Image, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { imageVariantUrl } from '@portal/contracts';
import { useUserZone } from '@/lib/user-zone';
import { SafeHtml } from '@/components/safe-html';
import type { NewsItem } from '../types';

export type NewsModalProps = { news: NewsItem | null; onClose: () => void };

/** The news modal: title, picture, date and the HTML content, sanitised again before rendering. */
export function NewsModal({ news, onClose }: NewsModalProps) {
  const { t } = useTranslation();
  const zone = useUserZone();
  return (
    <Modal
      opened={news !== null}
      onClose={onClose}
      title={news?.title}
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      closeButtonProps={{ 'aria-label': t('news.close') }}
      data-testid="news-modal"
    >
      {news && (
        <Stack gap="sm">
          {news.image ? (
            <Image
              src={imageVariantUrl(news.image, 'newsModal')}
              alt={t('news.imageAlt', { title: news.title })}
              radius="md"
              data-testid="news-modal-image"
            />
          ) : null}
          <Text size="sm" c="dimmed" data-testid="news-modal-date">
            {zone.day(news.publishedAt)}
          </Text>
          <SafeHtml html={news.content} data-testid="news-modal-content" />
        </Stack>
      )}
    </Modal>
  );
}
