import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AdvertiserUserInviteSchema, type AdvertiserUserInvite } from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useAdvertiserUsers, type AdvertiserUserData } from '../api/get-advertiser-users';
import { useInviteAdvertiserUser } from '../api/invite-advertiser-user';
import { useSetAdvertiserUserEnabled } from '../api/set-advertiser-user-enabled';
import { when } from './format-when';

const INVITE_FIELDS = ['email', 'firstname', 'lastname'] as const;
const EMPTY: AdvertiserUserInvite = { email: '', firstname: '', lastname: '' };

/**
 * The advertiser's portal users (decisions 087 and 100): who signs in for it, invited here (a mail to choose the
 * password), disabled (its sessions end at once) and enabled again.
 */
export function AdvertiserUsers({ advertiserId, advertiserName }: { advertiserId: number; advertiserName: string }) {
  const { t } = useTranslation();
  const users = useAdvertiserUsers(advertiserId);
  const setEnabled = useSetAdvertiserUserEnabled(advertiserId);
  const [disabling, setDisabling] = useState<AdvertiserUserData | null>(null);
  const change = async (user: AdvertiserUserData, enabled: boolean) => {
    // A refusal is shown by the api client, the one error path.
    const done = await setEnabled.mutateAsync({ userId: user.id, enabled }).then(() => true, () => false);
    if (!done) return;
    const name = `${user.firstname} ${user.lastname}`;
    showSnackbar({ kind: 'success', message: t(enabled ? 'staff.advertisers.users.enabledDone' : 'staff.advertisers.users.disabledDone', { name }) }); // prettier-ignore
  };
  const columns: StaffColumn<AdvertiserUserData>[] = [
    { key: 'name', label: t('staff.advertisers.users.columns.name'), cell: (u) => `${u.firstname} ${u.lastname}` },
    { key: 'email', label: t('staff.advertisers.users.columns.email'), breakAll: true, cell: (u) => u.email },
    {
      key: 'status',
      label: t('staff.advertisers.users.columns.status'),
      cell: (u) => (
        <Group gap={4}>
          <Badge color={u.enabled ? 'green' : 'gray'} variant="light" data-testid="staff-advertiser-user-status">
            {t(u.enabled ? 'staff.advertisers.users.active' : 'staff.advertisers.users.disabled')}
          </Badge>
          {u.passwordSet ? null : <Badge variant="outline">{t('staff.advertisers.users.invited')}</Badge>}
        </Group>
      ),
    },
    { key: 'loggedAt', label: t('staff.advertisers.users.columns.loggedAt'), noWrap: true, cell: (u) => when(u.loggedAt) }, // prettier-ignore
  ];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('staff.advertisers.users.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.advertisers.users.hint', { name: advertiserName })}
        </Text>
        <StaffTable
          columns={columns}
          rows={users.data}
          rowKey={(u) => u.id}
          rowTestId="staff-advertiser-user-row"
          loading={users.isLoading}
          error={users.isError ? t('staff.advertisers.users.loadError') : null}
          empty={t('staff.advertisers.users.empty')}
          minWidth={640}
          actionsLabel={t('staff.advertisers.users.columns.actions')}
          rowActions={(u) =>
            u.enabled ? (
              <Button size="xs" variant="default" color="red" onClick={() => setDisabling(u)} aria-label={t('staff.advertisers.users.disableOne', { name: u.email })} data-testid="staff-advertiser-user-disable">
                {t('staff.advertisers.users.disable')}
              </Button>
            ) : (
              <Button size="xs" variant="default" loading={setEnabled.isPending && setEnabled.variables?.userId === u.id} onClick={() => void change(u, true)} aria-label={t('staff.advertisers.users.enableOne', { name: u.email })} data-testid="staff-advertiser-user-enable">
                {t('staff.advertisers.users.enable')}
              </Button>
            )
          } // prettier-ignore
          testId="staff-advertiser-users"
        />
        <InviteForm advertiserId={advertiserId} />
      </Stack>
      {disabling ? (
        <Modal opened onClose={() => setDisabling(null)} title={t('staff.advertisers.users.disableTitle')}>
          <Stack gap="sm">
            <Text>{t('staff.advertisers.users.disableText', { name: `${disabling.firstname} ${disabling.lastname}`, email: disabling.email })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDisabling(null)}>
                {t('common.cancel')}
              </Button>
              <Button color="red" loading={setEnabled.isPending} onClick={() => void change(disabling, false).then(() => setDisabling(null))} data-testid="staff-advertiser-user-disable-confirm">
                {t('staff.advertisers.users.disable')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Card>
  );
} // prettier-ignore

function InviteForm({ advertiserId }: { advertiserId: number }) {
  const { t } = useTranslation();
  const invite = useInviteAdvertiserUser(advertiserId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdvertiserUserInvite>({ resolver: zodResolver(AdvertiserUserInviteSchema), mode: 'onTouched', defaultValues: EMPTY }); // prettier-ignore
  const { text } = fieldBuilders({ t, control, register, errors, labels: 'staff.advertisers.users.fields', testIds: 'staff-advertiser-user', required: true }); // prettier-ignore
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await invite.mutateAsync(values);
      reset(EMPTY);
      showSnackbar({ kind: 'success', message: t('staff.advertisers.users.invitedDone', { email: data.email }) });
    } catch (error) {
      handleFormError(error, { t, fields: INVITE_FIELDS, setError });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="staff-advertiser-invite-title" data-testid="staff-advertiser-user-form">
      <Stack gap="xs">
        <Title order={4} size="h5" id="staff-advertiser-invite-title">
          {t('staff.advertisers.users.inviteTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text('email', 254, { type: 'email', autoComplete: 'off' })}
          {text('firstname', 100, { autoComplete: 'off' })}
          {text('lastname', 100, { autoComplete: 'off' })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} data-testid="staff-advertiser-user-invite">
            {t('staff.advertisers.users.invite')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
} // prettier-ignore
