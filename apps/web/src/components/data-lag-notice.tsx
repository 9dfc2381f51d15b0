import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Seconds as the largest whole unit a reader takes in at once: 45 seconds, 3 minutes, 2 hours. */
function lagParts(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; count: number } {
  if (seconds < 120) return { unit: 'seconds', count: Math.ceil(seconds) };
  if (seconds < 7200) return { unit: 'minutes', count: Math.ceil(seconds / 60) };
  return { unit: 'hours', count: Math.ceil(seconds / 3600) };
}

/**
 * Says how old a report's figures may be when a reports replica that lags answered them (decision 107): nothing
 * when they are current.
 */
export function DataLagNotice({
  seconds,
  testId = 'data-lag-notice',
}: {
  seconds: number | null | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!seconds || seconds <= 0) return null;
  const { unit, count } = lagParts(seconds);
  return (
    <Alert color="yellow" variant="light" role="status" data-testid={testId} title={t('dataLag.title')}>
      {t('dataLag.body', { age: t(`dataLag.${unit}`, { count }) })}
    </Alert>
  );
}
