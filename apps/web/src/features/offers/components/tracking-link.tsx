import { Alert, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACKING_VALUE_MAX_LENGTH } from '@portal/contracts';
import type { OfferItem } from '../types';
import { TRACKING_PARAMS, buildTrackingLink, noLinkReason, type TrackingValues } from '../tracking-link';

type TrackingLinkProps = { offer: OfferItem; partnerId: number };

/**
 * The offer's click URL for this partner, with optional sub-ID and trackers, and a copy button; or, for an
 * offer the partner may not run yet, why there is no link (issue 4, item 7).
 */
export function TrackingLink({ offer, partnerId }: TrackingLinkProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TrackingValues>({});
  const reason = noLinkReason(offer);
  const link = buildTrackingLink(window.location.origin, offer.id, partnerId, values);

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
