import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TestPostbackSchema, type AdvertiserTestPostbackResult, type TestPostback } from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { TagSetupOffer } from '@/components/tag-setup-offer';
import { handleFormError } from '@/lib/form-errors';
import { useAdvertiserOfferSetup, useAdvertiserSetup } from '../api/get-advertiser-setup';
import { useTestAdvertiserPostback } from '../api/test-advertiser-postback';

const TEST_FIELDS = ['click_id', 'goal', 'amount', 'transaction_id'] as const;
const TestFormSchema = TestPostbackSchema.extend({
  amount: z
    .string()
    .refine((v) => v === '' || /^\d{1,10}(\.\d{1,2})?$/.test(v), { error: 'pattern' })
    .optional(),
});
type TestValues = z.input<typeof TestFormSchema>;

type OfferSetup = NonNullable<ReturnType<typeof useAdvertiserSetup>['data']>[number];

/** One offer: its snippets; "Check my installation" polls this offer's set-up for its next hit. */
function WatchedOffer({ offer }: { offer: OfferSetup }) {
  const [watching, setWatching] = useState(false);
  const fresh = useAdvertiserOfferSetup(offer.offerId, watching);
  return (
    <TagSetupOffer offer={fresh.data ?? offer} watching={watching} onWatch={setWatching} testId="advertiser-tag" />
  );
}

/** The test tool: what its postback would answer for a click and goal, recorded only as a test in its log. */
function TestPostbackForm({ goals }: { goals: string[] }) {
  const { t } = useTranslation();
  const test = useTestAdvertiserPostback();
  const [result, setResult] = useState<AdvertiserTestPostbackResult | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TestValues>({ resolver: zodResolver(TestFormSchema), mode: 'onTouched', defaultValues: { click_id: '', goal: '', amount: '', transaction_id: '' } });
  const { text } = fieldBuilders({ t, control, register, errors, labels: 'advertiser.setup.testFields', testIds: 'advertiser-test-postback' });
  const onSubmit = handleSubmit(async ({ amount, transaction_id: transactionId, ...values }) => {
    const body: TestPostback = { ...values, ...(amount ? { amount } : {}), ...(transactionId ? { transaction_id: transactionId } : {}) };
    try {
      setResult(await test.mutateAsync(body));
    } catch (error) {
      handleFormError(error, { t, fields: TEST_FIELDS, setError });
    }
  });
  return (
    <Card withBorder>
      <form onSubmit={onSubmit} noValidate data-testid="advertiser-test-postback">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('advertiser.setup.test')}
          </Title>
          <Text size="sm">{t('advertiser.setup.testHint')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            {text('click_id', 64, { required: true })}
            {text('goal', 64, { required: true, description: goals.length > 0 ? t('advertiser.setup.testGoalHint', { goals: goals.join(', ') }) : undefined })}
            {text('amount', 14)}
            {text('transaction_id', 255)}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={isSubmitting} data-testid="advertiser-test-postback-send">
              {t('advertiser.setup.testSend')}
            </Button>
          </Group>
          <Text size="sm" aria-live="polite" data-testid="advertiser-test-postback-result">
            {result
              ? [
                  t('advertiser.setup.testResult', { status: result.status, reason: result.reason ?? '—' }),
                  result.duplicate ? t('advertiser.setup.testDuplicate') : '',
                  result.goalCode ? t('advertiser.setup.testGoalCode', { code: result.goalCode }) : '',
                ].filter(Boolean).join(' ')
              : ''}
          </Text>
        </Stack>
      </form>
    </Card>
  );
} // prettier-ignore

/**
 * The advertiser's set-up (decision 100): per offer and goal, its postback URL (its own token in it) and the tag's
 * and pixels' snippets to copy, "Check my installation", and the test tool.
 */
export function AdvertiserSetup() {
  const { t } = useTranslation();
  const setup = useAdvertiserSetup();
  const goals = [...new Set((setup.data ?? []).flatMap((o) => o.goals.map((g) => `${g.goal} (${g.name})`)))];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('advertiser.setup.intro')}
      </Text>
      {setup.isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
      {setup.isError ? <Alert color="red">{t('errors.generic')}</Alert> : null}
      {setup.data?.length === 0 ? <Text c="dimmed">{t('advertiser.setup.none')}</Text> : null}
      {setup.data?.map((offer) => (
        <WatchedOffer key={offer.offerId} offer={offer} />
      ))}
      <TestPostbackForm goals={goals} />
    </Stack>
  );
}
