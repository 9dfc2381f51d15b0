import { Button, Group, Modal, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type StaffRole, type StaffUserCreate, type UploadDocument } from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useCreateStaffUser } from '../api/create-staff-user';
import { useUpdateStaffUser } from '../api/update-staff-user';
import { type StaffUserRow } from '../api/get-staff-users';
import { type TeamRow } from '../api/get-teams';
import { StaffUserAccessFields } from './staff-user-access-fields';
import { StaffUserHeirField } from './staff-user-heir-field';
import { StaffUserCurrentPassword } from './staff-user-current-password';
import { StaffUserPhotoInput } from './staff-user-photo-input';
import {
  StaffUserFormSchema,
  toStaffUserForm,
  type StaffUserFormOutput,
  type StaffUserFormValues,
} from './staff-user-form-values';

const FIELDS = ['email', 'firstname', 'lastname', 'roles', 'teamId', 'phone', 'telegram', 'teams', 'enabled'] as const;

type Props = {
  /** Null to invite a new member. */
  user: StaffUserRow | null;
  users: readonly StaffUserRow[];
  teams: readonly TeamRow[];
  /** Roles the signed-in member may give (an admin: all; a team manager: account manager). */
  grantable: readonly StaffRole[];
  onClose: () => void;
};

/**
 * Invite or edit a staff member; disabling one who manages partners asks who takes them over, and a new sign-in
 * e-mail asks for the editor's own password (it signs the member out everywhere; decision 067).
 */
export function StaffUserForm({ user, users, teams, grantable, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateStaffUser();
  const update = useUpdateStaffUser();
  const [enabled, setEnabled] = useState(user?.enabled ?? true);
  const [heir, setHeir] = useState<string | null>(null);
  const [photo, setPhoto] = useState<UploadDocument | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [heirError, setHeirError] = useState<string | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<StaffUserFormValues, unknown, StaffUserFormOutput>({
    resolver: zodResolver(StaffUserFormSchema),
    mode: 'onTouched',
    defaultValues: toStaffUserForm(user),
  });
  const { text } = fieldBuilders({ t, control, register, errors, labels: 'staff.users.fields', testIds: 'staff-user' });
  const disabling = user !== null && user.enabled && !enabled;
  const needsHeir = disabling && user.partnerCount > 0;
  const email = watch('email');
  const emailChanged = user !== null && email.trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = handleSubmit(async ({ teamId, ...values }) => {
    if (emailChanged && !currentPassword) {
      setPasswordError('required');
      return;
    }
    const body: StaffUserCreate = {
      ...values,
      teamId: teamId ? Number(teamId) : null,
      ...(photo ? { photo } : {}),
    };
    try {
      if (user) {
        await update.mutateAsync({
          id: user.id,
          body: {
            ...body,
            enabled,
            ...(needsHeir && heir ? { reassignPartnersTo: Number(heir) } : {}),
            ...(emailChanged ? { currentPassword } : {}),
          },
        });
        showSnackbar({
          kind: 'success',
          message: t('staff.users.saved', { name: `${values.firstname} ${values.lastname}` }),
        });
      } else {
        await create.mutateAsync(body);
        showSnackbar({ kind: 'success', message: t('staff.users.invited', { email: values.email }) });
      }
      onClose();
    } catch (error) {
      handleFormError(error, {
        t,
        fields: FIELDS,
        setError: (field, value) => (field === 'enabled' ? setHeirError(value.message) : setError(field, value)),
        onField: {
          reassignPartnersTo: (message) => setHeirError(message),
          currentPassword: (message) => setPasswordError(message),
          'photo.data': (message) => setPhotoError(message),
        },
      });
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={user ? t('staff.users.editTitle', { name: user.displayName }) : t('staff.users.inviteTitle')}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate data-testid="staff-user-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('firstname', 100, { required: true })}
            {text('lastname', 100, { required: true })}
          </SimpleGrid>
          {text('email', 254, { required: true, type: 'email' })}
          {emailChanged ? (
            <StaffUserCurrentPassword
              value={currentPassword}
              onChange={(value) => {
                setCurrentPassword(value);
                setPasswordError(null);
              }}
              error={passwordError}
            />
          ) : null}
          <StaffUserAccessFields
            control={control}
            teams={teams}
            grantable={grantable}
            teamError={errors.teamId?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('phone', 40)}
            {text('telegram', 100)}
            {text('teams', 254)}
          </SimpleGrid>
          <StaffUserPhotoInput error={photoError} onPhoto={setPhoto} onError={setPhotoError} />
          {user ? (
            <Switch
              label={t('staff.users.fields.enabled')}
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
              data-testid="staff-user-enabled"
            />
          ) : null}
          <StaffUserHeirField
            user={user}
            users={users}
            needsHeir={needsHeir}
            heir={heir}
            onHeir={setHeir}
            error={heirError}
          />
          {!user ? (
            <Text size="sm" c="dimmed">
              {t('staff.users.inviteHint')}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={needsHeir && !heir} data-testid="staff-user-submit">
              {user ? t('common.save') : t('staff.users.invite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
