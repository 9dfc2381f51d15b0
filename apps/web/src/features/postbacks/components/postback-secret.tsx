import { Button, Code, CopyButton, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POSTBACK_DELIVERY_HEADER, POSTBACK_SIGNATURE_HEADER, POSTBACK_TIMESTAMP_HEADER } from '@portal/contracts';
import { showSnackbar } from '@/lib/snackbar';
import { useUserZone } from '@/lib/user-zone';
import { usePostbackSecret } from '../api/get-postback-secret';
import { useRotatePostbackSecret } from '../api/rotate-postback-secret';

const VERIFY_EXAMPLE = `// Node.js
const payload = \`\${req.headers['x-delivery-id']}.\${req.headers['x-timestamp']}.\${fullRequestUrl}\`;
const expected = crypto.createHmac('sha256', SECRET).update(payload).digest('hex');
const valid = crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(req.headers['x-signature']));`;

/** The partner's signing secret (masked, with reveal and copy), its rotation, and how to verify a signature. */
export function PostbackSecret() {
  const { t } = useTranslation();
  const secret = usePostbackSecret();
  const rotate = useRotatePostbackSecret();
  const [confirming, setConfirming] = useState(false);
  const zone = useUserZone();

  const onRotate = async () => {
    await rotate.mutateAsync();
    setConfirming(false);
    showSnackbar({ kind: 'success', message: t('postbacks.secret.rotated') });
  };

  const rotatedAt = secret.data?.rotatedAt ?? null;

  return (
    <Stack gap="xs" data-testid="postback-secret">
      <Title order={4}>{t('postbacks.secret.title')}</Title>
      <Text size="sm">
        {t('postbacks.secret.intro', {
          signature: POSTBACK_SIGNATURE_HEADER,
          timestamp: POSTBACK_TIMESTAMP_HEADER,
          delivery: POSTBACK_DELIVERY_HEADER,
        })}
      </Text>
      {secret.data && (
        <Group align="flex-end" gap="xs">
          <PasswordInput
            label={t('postbacks.secret.label')}
            value={secret.data.secret}
            readOnly
            w={520}
            visibilityToggleButtonProps={{ 'aria-label': t('postbacks.secret.reveal') }}
            data-testid="postback-secret-value"
          />
          <CopyButton value={secret.data.secret}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                onClick={copy}
                data-testid="postback-secret-copy"
              >
                {copied ? t('postbacks.secret.copied') : t('postbacks.secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => setConfirming(true)}
            data-testid="postback-secret-rotate"
          >
            {t('postbacks.secret.rotate')}
          </Button>
        </Group>
      )}
      {rotatedAt && (
        <Text size="xs" c="dimmed">
          {t('postbacks.secret.rotatedAt', { when: zone.named(rotatedAt) })}
        </Text>
      )}
      <Text size="sm">{t('postbacks.secret.verify')}</Text>
      <Code block data-testid="postback-secret-example">
        {VERIFY_EXAMPLE}
      </Code>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('postbacks.secret.rotateTitle')}
        centered
      >
        <Stack>
          <Text size="sm">{t('postbacks.secret.rotateText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('postbacks.cancel')}
            </Button>
            <Button
              color="red"
              loading={rotate.isPending}
              onClick={() => void onRotate()}
              data-testid="postback-secret-rotate-confirm"
            >
              {t('postbacks.secret.rotateConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
