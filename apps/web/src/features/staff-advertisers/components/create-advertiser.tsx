import { Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { AdvertiserCreateSchema, EmailOrBlankSchema, PAYMENT_CURRENCIES } from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { handleFormError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useCreateAdvertiser } from '../api/create-advertiser';

const FIELDS = ['name', 'contactEmail', 'currency', 'notes'] as const;
const CreateSchema = AdvertiserCreateSchema.extend({ contactEmail: EmailOrBlankSchema.optional() });
type CreateValues = z.input<typeof CreateSchema>;
type CreateOutput = z.output<typeof CreateSchema>;

/** A new advertiser in a dialog; once created, its page opens. */
export function CreateAdvertiser({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateAdvertiser();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateValues, unknown, CreateOutput>({
    resolver: zodResolver(CreateSchema),
    mode: 'onTouched',
    defaultValues: { name: '', contactEmail: '', currency: 'EUR', notes: '' },
  });
  const { text, select } = fieldBuilders({ t, control, register, errors, labels: 'staff.advertisers.fields', testIds: 'staff-advertiser' });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await create.mutateAsync({ ...values, contactEmail: values.contactEmail || null });
      showSnackbar({ kind: 'success', message: t('staff.advertisers.created', { name: data.name }) });
      onClose();
      await navigate(paths.staffAdvertiser.href(data.id));
    } catch (error) {
      handleFormError(error, { t, fields: FIELDS, setError });
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('staff.advertisers.new')}>
      <form onSubmit={onSubmit} noValidate data-testid="staff-advertiser-form">
        <Stack gap="sm">
          {text('name', 255, { required: true })}
          {text('contactEmail', 254, { type: 'email' })}
          {select('currency', PAYMENT_CURRENCIES.map((value) => ({ value, label: value })), { typeAhead: true, allowDeselect: false })}
          {text('notes', 2000)}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="staff-advertiser-create">
              {t('staff.advertisers.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
} // prettier-ignore
