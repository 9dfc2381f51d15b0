import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACKING_VALUE_MAX_LENGTH } from '@portal/contracts';
import type { OfferItem } from '../types';
import { TRACKING_PARAMS, buildTrackingLink, noLinkReason, type TrackingValues } from '../tracking-link';
import { TRAFFIC_SOURCES, TRAFFIC_SOURCE_MACROS, type TrafficSource } from '../traffic-sources';
import type { PartnerLandingPage } from '../api/get-offer-landing-pages';
import { DeferredSelect, loadSelect } from '@/components/deferred-select';

const OWN_PAGE = 'own';

/** The three forms ad platforms replace, shown as they are (not an i18n placeholder). */
const MACRO_FORMS = '{…}, {{…}}, ${…}, [NAME]';

type TrackingLinkProps = {
  offer: OfferItem;
  partnerId: number;
  /** The offer's other landing pages (decision 050): the link may name one. */
  landingPages?: readonly PartnerLandingPage[];
  /** Told the link as it is built (null when the partner may not run the offer): the creatives put it inside. */
  onLinkChange?: (link: string | null) => void;
};

/**
 * The offer's click URL for this partner, with optional sub-ID and trackers, and a copy button; or, for an
 * offer the partner may not run yet, why there is no link.
 */
export function TrackingLink({ offer, partnerId, landingPages = [], onLinkChange }: TrackingLinkProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TrackingValues>({});
  const [source, setSource] = useState<TrafficSource | null>(null);
  const chooseSource = (next: TrafficSource | null) => {
    setSource(next);
    // A preset fills the fields it has macros for and empties the others; none empties them all. Either can be edited.
    setValues(next ? { ...TRAFFIC_SOURCE_MACROS[next] } : {});
  };
  const [landingPage, setLandingPage] = useState<string>(OWN_PAGE);
  const reason = noLinkReason(offer);
  const lp = landingPage === OWN_PAGE ? null : Number(landingPage);
  const chosen = landingPages.find((p) => p.id === lp) ?? null;
  const link = buildTrackingLink(window.location.origin, offer.id, partnerId, values, lp);
  useEffect(() => onLinkChange?.(reason ? null : link), [link, reason, onLinkChange]);

  return (
    <Paper withBorder p="md" radius="md" data-testid="tracking-link">
      <Title order={3} mb="sm">
        {t('trackingLink.title')}
      </Title>
      {reason ? (
        <Alert
          color={reason === 'refused' ? 'red' : 'yellow'}
          data-testid="tracking-link-unavailable"
          data-reason={reason}
        >
          {t(`trackingLink.unavailable.${reason}`)}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Group gap="sm" align="flex-end">
            <DeferredSelect
              load={loadSelect}
              label={t('trackingLink.source')}
              placeholder={t('trackingLink.noSource')}
              data={TRAFFIC_SOURCES.map((value) => ({ value, label: t(`trackingLink.sources.${value}`) }))}
              value={source}
              onChange={(value) => chooseSource(value as TrafficSource | null)}
              clearable
              w={260}
              data-testid="tracking-link-source"
            />
            <Text size="sm" c="dimmed" flex={1} miw={200}>
              {t('trackingLink.macrosHint', { forms: MACRO_FORMS })}
            </Text>
          </Group>
          {landingPages.length > 0 ? (
            <Group gap="sm" align="flex-end">
              <DeferredSelect
                load={loadSelect}
                label={t('trackingLink.landingPage')}
                data={[
                  { value: OWN_PAGE, label: t('trackingLink.ownPage') },
                  ...landingPages.map((p) => ({ value: String(p.id), label: p.name })),
                ]}
                value={landingPage}
                onChange={(value) => setLandingPage(value ?? OWN_PAGE)}
                allowDeselect={false}
                w={320}
                data-testid="tracking-link-landing-page"
              />
              {chosen ? (
                <Anchor
                  href={chosen.previewUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  mb={8}
                  data-testid="tracking-link-landing-page-open"
                >
                  {chosen.preview ? (
                    <Image src={chosen.preview} alt="" h={32} w="auto" fit="contain" display="inline-block" mr={6} />
                  ) : null}
                  {t('trackingLink.openPage')}
                </Anchor>
              ) : null}
            </Group>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            {TRACKING_PARAMS.map((name) => (
              <TextInput
                key={name}
                label={t(`trackingLink.fields.${name}`)}
                value={values[name] ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [name]: value }));
                }}
                maxLength={TRACKING_VALUE_MAX_LENGTH}
                data-testid={`tracking-link-${name}`}
              />
            ))}
          </SimpleGrid>
          <Group gap="sm" wrap="nowrap" align="center">
            <Code
              block
              flex={1}
              style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              data-testid="tracking-link-url"
            >
              {link}
            </Code>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  color={copied ? 'teal' : undefined}
                  miw={110}
                  data-testid="tracking-link-copy"
                  data-copied={copied}
                >
                  {copied ? t('trackingLink.copied') : t('trackingLink.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
