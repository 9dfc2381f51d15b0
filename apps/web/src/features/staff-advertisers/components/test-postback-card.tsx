import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TestPostbackSchema, formatMoneyMinor, type TestPostback, type TestPostbackResult } from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { handleFormError } from '@/lib/form-errors';
import { useTestPostback } from '../api/test-postback';

// ---------------------------------------------------------------- test postback

const TEST_FIELDS = ['click_id', 'goal', 'amount', 'transaction_id'] as const;
const TestFormSchema = TestPostbackSchema.extend({
  amount: z
    .string()
    .refine((v) => v === '' || /^\d{1,10}(\.\d{1,2})?$/.test(v), { error: 'pattern' })
    .optional(),
});
type TestValues = z.input<typeof TestFormSchema>;

/** The goals the advertiser's offers pay on: the tool takes a goal's code or its name (decision 078). */
type GoalHint = { code: string; name: string };

export function TestPostbackCard({ advertiserId, goals }: { advertiserId: number; goals: readonly GoalHint[] }) {
  const { t } = useTranslation();
  const test = useTestPostback(advertiserId);
  const [result, setResult] = useState<TestPostbackResult | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TestValues>({ resolver: zodResolver(TestFormSchema), mode: 'onTouched', defaultValues: { click_id: '', goal: '', amount: '', transaction_id: '' } });
  const { text } = fieldBuilders({ t, control, register, errors, labels: 'staff.advertisers.testFields', testIds: 'staff-test-postback' });
  const onSubmit = handleSubmit(async ({ amount, transaction_id: transactionId, ...values }) => {
    const body: TestPostback = { ...values, ...(amount ? { amount } : {}), ...(transactionId ? { transaction_id: transactionId } : {}) };
    try {
      setResult((await test.mutateAsync(body)).data);
    } catch (error) {
      handleFormError(error, { t, fields: TEST_FIELDS, setError });
    }
  });
  return (
    <Card withBorder>
      <form onSubmit={onSubmit} noValidate data-testid="staff-test-postback">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('staff.advertisers.test')}
          </Title>
          <Text size="sm">{t('staff.advertisers.testHint')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            {text('click_id', 64, { required: true })}
            {text('goal', 64, { required: true, description: goals.length > 0 ? t('staff.advertisers.testGoalHint', { goals: goals.map((g) => `${g.code} (${g.name})`).join(', ') }) : undefined })}
            {text('amount', 14)}
            {text('transaction_id', 255)}
          </SimpleGrid>
          <Group>
            <Button type="submit" variant="light" loading={isSubmitting} data-testid="staff-test-postback-send">
              {t('staff.advertisers.testSend')}
            </Button>
            {result ? (
              <Text size="sm" data-testid="staff-test-postback-result">
                {t('staff.advertisers.testResult', {
                  status: result.status,
                  reason: result.reason ?? '—',
                  payout: result.currency ? formatMoneyMinor(result.payout, result.currency) : '—',
                })}
                {result.duplicate ? ` ${t('staff.advertisers.testDuplicate')}` : ''}
                {result.goalCode ? ` ${t('staff.advertisers.testGoalCode', { code: result.goalCode })}` : ''}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
} // prettier-ignore
