import { Badge, Box, Button, Card, CopyButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TRACKING_LINK_PLACEHOLDER } from '@portal/contracts';
import { SafeHtml } from '@/components/safe-html';
import { useDownloadCreative } from '../api/download-creative';
import { useOfferCreatives, type PartnerCreative } from '../api/get-offer-creatives';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What the partner pastes: a banner as a linked `<img>`, an HTML or e-mail creative and a text ad with the partner's
 * link where the creative says (a text ad without the placeholder gets the link at its end).
 */
export function creativeCode(creative: PartnerCreative, link: string, origin: string): string {
  if (creative.kind === 'banner') {
    const size = creative.width && creative.height ? ` width="${creative.width}" height="${creative.height}"` : '';
    return `<a href="${escapeAttribute(link)}"><img src="${escapeAttribute(`${origin}${creative.image ?? ''}`)}"${size} alt="${escapeAttribute(creative.name)}"></a>`; // prettier-ignore
  }
  const source = (creative.kind === 'text' ? creative.text : creative.html) ?? '';
  if (source.includes(TRACKING_LINK_PLACEHOLDER)) return source.split(TRACKING_LINK_PLACEHOLDER).join(link);
  return `${source} ${link}`;
}

/**
 * The offer's creatives (decision 050): a preview of each, its size, a download (the server puts the partner's link
 * inside) and a copy of its code with the link the partner is building above (sub-ID, trackers, landing page).
 */
export function OfferCreativesPanel({ offerId, link }: { offerId: number; link: string | null }) {
  const { t } = useTranslation();
  const creatives = useOfferCreatives(offerId, link !== null);
  const download = useDownloadCreative(offerId);
  if (link === null) {
    return (
      <Text size="sm" data-testid="offer-creatives-unavailable">
        {t('offers.creatives.unavailable')}
      </Text>
    );
  }
  if (creatives.isPending) return <Text size="sm">{t('common.loading')}</Text>;
  if (creatives.isError) return <Text c="red">{t('errors.generic')}</Text>;
  if (creatives.data.length === 0) {
    return (
      <Text size="sm" data-testid="offer-creatives-empty">
        {t('offers.creatives.empty')}
      </Text>
    );
  }
  const origin = window.location.origin;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="offer-creatives">
      {creatives.data.map((creative) => {
        const code = creativeCode(creative, link, origin);
        return (
          <Card key={creative.id} withBorder radius="md" data-testid="offer-creative" data-kind={creative.kind}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{creative.name}</Text>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="light">{t(`offers.creatives.kinds.${creative.kind}`)}</Badge>
                  {creative.width && creative.height ? (
                    <Text size="sm" data-testid="offer-creative-size">{`${creative.width} × ${creative.height}`}</Text>
                  ) : null}
                </Group>
              </Group>
              {creative.kind === 'banner' && creative.image ? (
                <Image
                  src={creative.image}
                  alt={creative.name}
                  maw="100%"
                  w={creative.width ?? undefined}
                  fit="contain"
                  data-testid="offer-creative-preview"
                />
              ) : creative.kind === 'text' ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {code}
                </Text>
              ) : (
                // Staff's markup as it will look, cleaned as every HTML the portal shows (no scripts, no handlers).
                <Box
                  p="xs"
                  mah={260}
                  style={{ overflow: 'auto', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
                  aria-label={t('offers.creatives.previewTitle', { name: creative.name })}
                  role="group"
                >
                  <SafeHtml html={code} data-testid="offer-creative-preview" />
                </Box>
              )}
              <Group gap="xs">
                <CopyButton value={code}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant="light"
                      color={copied ? 'teal' : undefined}
                      onClick={copy}
                      data-testid="offer-creative-copy"
                      data-code={code}
                    >
                      {copied
                        ? t('trackingLink.copied')
                        : t(creative.kind === 'text' ? 'offers.creatives.copyText' : 'offers.creatives.copyHtml')}
                    </Button>
                  )}
                </CopyButton>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => download.mutate(creative.id)}
                  loading={download.isPending && download.variables === creative.id}
                  data-testid="offer-creative-download"
                >
                  {t('offers.creatives.download')}
                </Button>
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
