import { Button, FileInput, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  STAFF_ROLES,
  StaffUserCreateSchema,
  type StaffRole,
  type StaffUserCreate,
  type UploadDocument,
} from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { PasswordField } from '@/components/password-field';
import { REQUIRED_LABEL } from '@/components/required-label';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { isTooLarge, readAsUpload } from '@/lib/read-file';
import { showSnackbar } from '@/lib/snackbar';
import { useCreateStaffUser } from '../api/create-staff-user';
import { useUpdateStaffUser } from '../api/update-staff-user';
import { type StaffUserRow } from '../api/get-staff-users';
import { type TeamRow } from '../api/get-teams';

const FIELDS = ['email', 'firstname', 'lastname', 'roles', 'teamId', 'phone', 'telegram', 'teams', 'enabled'] as const;

/** The form's values: the team as the select holds it (a string id, '' for none). */
const FormSchema = StaffUserCreateSchema.omit({ teamId: true, managerId: true, photo: true, enabled: true }).extend({
  teamId: z.string(),
});
type FormValues = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

const toForm = (user: StaffUserRow | null): FormValues => ({
  email: user?.email ?? '',
  firstname: user?.firstname ?? '',
  lastname: user?.lastname ?? '',
  roles: user?.roles ?? ['ROLE_ACCOUNT_MANAGER'],
  teamId: user?.teamId ? String(user.teamId) : '',
  phone: user?.phone ?? '',
  telegram: user?.telegram ?? '',
  teams: user?.teams ?? '',
});

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
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    mode: 'onTouched',
    defaultValues: toForm(user),
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

  const roleOptions = STAFF_ROLES.map((role) => ({
    value: role,
    label: t(`staff.users.roles.${role}`),
    disabled: !grantable.includes(role as StaffRole),
  }));
  const teamOptions = [
    { value: '', label: t('staff.users.noTeam') },
    ...teams.map((team) => ({ value: String(team.id), label: team.name })),
  ];
  const heirs = users
    .filter((u) => u.id !== user?.id && u.enabled && u.roles.some((r) => r !== 'ROLE_FINANCE'))
    .map((u) => ({ value: String(u.id), label: u.displayName }));

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
            <PasswordField
              label={t('staff.users.currentPassword')}
              description={t('staff.users.currentPasswordHint')}
              labelProps={REQUIRED_LABEL}
              autoComplete="current-password"
              maxLength={256}
              value={currentPassword}
              onChange={(event) => {
                setCurrentPassword(event.currentTarget.value);
                setPasswordError(null);
              }}
              error={fieldErrorText(t, passwordError ? { message: passwordError } : undefined)}
              data-testid="staff-user-currentPassword"
            />
          ) : null}
          <Controller
            control={control}
            name="roles"
            render={({ field, fieldState }) => (
              <MultiSelect
                label={t('staff.users.fields.roles')}
                withAsterisk
                data={roleOptions}
                value={field.value as string[]}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={
                  fieldState.error?.message
                    ? t(`formError.${fieldState.error.message}`, { defaultValue: fieldState.error.message })
                    : undefined
                }
                data-testid="staff-user-roles"
              />
            )}
          />
          <Controller
            control={control}
            name="teamId"
            render={({ field }) => (
              <Select
                label={t('staff.users.fields.teamId')}
                data={teamOptions}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                allowDeselect={false}
                error={errors.teamId?.message}
                data-testid="staff-user-teamId"
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('phone', 40)}
            {text('telegram', 100)}
            {text('teams', 254)}
          </SimpleGrid>
          <FileInput
            label={t('staff.users.fields.photo')}
            accept="image/png,image/jpeg"
            clearable
            error={photoError}
            onChange={async (file) => {
              setPhotoError(null);
              if (!file) return setPhoto(null);
              if (isTooLarge(file)) return setPhotoError(t('staff.users.photoTooLarge'));
              setPhoto(await readAsUpload(file));
            }}
            data-testid="staff-user-photo"
          />
          {user ? (
            <Switch
              label={t('staff.users.fields.enabled')}
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
              data-testid="staff-user-enabled"
            />
          ) : null}
          {needsHeir ? (
            <Select
              label={t('staff.users.reassign', { count: user.partnerCount })}
              data={heirs}
              value={heir}
              onChange={setHeir}
              withAsterisk
              error={heirError}
              data-testid="staff-user-heir"
            />
          ) : heirError ? (
            <Text c="red" size="sm">
              {heirError}
            </Text>
          ) : null}
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
