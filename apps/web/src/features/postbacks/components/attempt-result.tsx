import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PostbackAttempt, RevivedDates } from '@portal/contracts';

/** One attempt's outcome: HTTP status, response time, the first bytes of the answer or the error. */
export function AttemptResult({ attempt }: { attempt: RevivedDates<PostbackAttempt> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="postback-test-result" data-success={attempt.success ? 'true' : 'false'}>
      <Group gap="xs">
        <Badge color={attempt.success ? 'green' : 'red'} data-testid="postback-test-outcome">
          {attempt.success ? t('postbacks.test.success') : t('postbacks.test.failure')}
        </Badge>
        <Text size="sm" data-testid="postback-test-status">
          {t('postbacks.test.status', { status: attempt.httpStatus ?? '—' })}
        </Text>
        <Text size="sm" data-testid="postback-test-duration">
          {t('postbacks.test.duration', { ms: attempt.durationMs })}
        </Text>
      </Group>
      <Text size="sm" fw={500}>
        {t('postbacks.test.url')}
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {attempt.url}
      </Code>
      {attempt.error && (
        <Text size="sm" c="red" data-testid="postback-test-error">
          {t('postbacks.test.error', {
            error: t(`postbacks.errors.${attempt.error}`, { defaultValue: attempt.error }),
          })}
        </Text>
      )}
      {attempt.responseSnippet !== null && (
        <>
          <Text size="sm" fw={500}>
            {t('postbacks.test.response')}
          </Text>
          <Code block data-testid="postback-test-response" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {attempt.responseSnippet || t('postbacks.test.emptyResponse')}
          </Code>
        </>
      )}
    </Stack>
  );
}
