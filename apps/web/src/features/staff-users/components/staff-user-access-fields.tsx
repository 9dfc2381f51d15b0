import { MultiSelect, Select } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '@portal/contracts';
import { type TeamRow } from '../api/get-teams';
import { type StaffUserFormOutput, type StaffUserFormValues } from './staff-user-form-values';

type StaffUserAccessFieldsProps = {
  control: Control<StaffUserFormValues, unknown, StaffUserFormOutput>;
  teams: readonly TeamRow[];
  /** Roles the signed-in member may give; the others show, disabled. */
  grantable: readonly StaffRole[];
  teamError: string | undefined;
};

/** What a staff member may do: the roles and the team. */
export function StaffUserAccessFields({ control, teams, grantable, teamError }: StaffUserAccessFieldsProps) {
  const { t } = useTranslation();
  const roleOptions = STAFF_ROLES.map((role) => ({
    value: role,
    label: t(`staff.users.roles.${role}`),
    disabled: !grantable.includes(role as StaffRole),
  }));
  const teamOptions = [
    { value: '', label: t('staff.users.noTeam') },
    ...teams.map((team) => ({ value: String(team.id), label: team.name })),
  ];
  return (
    <>
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
            error={teamError}
            data-testid="staff-user-teamId"
          />
        )}
      />
    </>
  );
}
