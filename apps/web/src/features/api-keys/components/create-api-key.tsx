import { Alert, Button, Code, CopyButton, Group, Stack, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CreateApiKeyBodySchema, type CreateApiKeyBody } from '@portal/contracts';
import { REQUIRED_LABEL } from '@/components/required-label';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { useCreateApiKey } from '../api/create-api-key';

/** Name a key, create it, and see it once with a copy button. */
export function CreateApiKey() {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<CreateApiKeyBody>({
    resolver: zodResolver(CreateApiKeyBodySchema),
    mode: 'onChange',
    defaultValues: { name: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { data } = await create.mutateAsync(body);
      setCreated({ name: data.name, key: data.key });
      reset();
    } catch (error) {
      handleFormError(error, { t, fields: ['name'] as const, setError });
    }
  });

  return (
    <Stack gap="sm">
      <Title order={4}>{t('api.createTitle')}</Title>
      {created && (
        <Alert color="yellow" title={t('api.createdTitle')} data-testid="api-key-created">
          <Stack gap="xs">
            {t('api.createdWarning')}
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="api-key-value" style={{ wordBreak: 'break-all' }}>
                {created.key}
              </Code>
              <CopyButton value={created.key}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                    onClick={copy}
                    data-testid="api-key-copy"
                  >
                    {copied ? t('api.copied') : t('api.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Button size="compact-sm" variant="subtle" w="fit-content" onClick={() => setCreated(null)}>
              {t('api.done')}
            </Button>
          </Stack>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate data-testid="api-key-create-form">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('api.name')}
            placeholder={t('api.namePlaceholder')}
            labelProps={REQUIRED_LABEL}
            maxLength={80}
            error={fieldErrorText(t, errors.name)}
            {...register('name')}
          />
          <Button type="submit" loading={isSubmitting} disabled={!isValid || isSubmitting}>
            {t('api.create')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
