import { Anchor, Badge, Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AdvertiserCreateSchema, EmailOrBlankSchema, PAYMENT_CURRENCIES, formatDate } from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { handleFormError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useAdvertisers } from '../api/get-advertisers';
import { useCreateAdvertiser } from '../api/create-advertiser';

/** The advertisers, by name, with their products, offers and latest postback; a new one from here. */
export function AdvertisersList() {
  const { t } = useTranslation();
  const advertisers = useAdvertisers();
  const [creating, setCreating] = useState(false);
  let body;
  if (advertisers.isPending)
    body = (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  else if (advertisers.isError) body = <Text c="red">{t('errors.generic')}</Text>;
  else if (advertisers.data.length === 0) body = <Text c="dimmed">{t('staff.advertisers.empty')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={820}>
        <Table striped highlightOnHover data-testid="staff-advertisers-table">
          <Table.Thead>
            <Table.Tr>
              {['name', 'status', 'currency', 'products', 'offers', 'lastPostback', 'created'].map((column) => (
                <Table.Th key={column}>{t(`staff.advertisers.columns.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {advertisers.data.map((a) => (
              <Table.Tr key={a.id} data-testid="staff-advertiser-row">
                <Table.Td>
                  <Anchor component={Link} to={paths.staffAdvertiser.href(a.id)}>
                    {a.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge color={a.enabled ? 'green' : 'gray'} variant="light">
                    {t(a.enabled ? 'staff.advertisers.enabled' : 'staff.advertisers.disabled')}
                  </Badge>
                </Table.Td>
                <Table.Td>{a.currency}</Table.Td>
                <Table.Td>{a.productCount}</Table.Td>
                <Table.Td>{a.offerCount}</Table.Td>
                <Table.Td>{a.lastPostbackAt ? formatDate(a.lastPostbackAt) : '—'}</Table.Td>
                <Table.Td>{a.createdAt ? formatDate(a.createdAt) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setCreating(true)} data-testid="staff-advertiser-new">
          {t('staff.advertisers.new')}
        </Button>
      </Group>
      {body}
      {creating ? <CreateAdvertiser onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}

const FIELDS = ['name', 'contactEmail', 'currency', 'notes'] as const;
const CreateSchema = AdvertiserCreateSchema.extend({ contactEmail: EmailOrBlankSchema.optional() });
type CreateValues = z.input<typeof CreateSchema>;
type CreateOutput = z.output<typeof CreateSchema>;

function CreateAdvertiser({ onClose }: { onClose: () => void }) {
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
