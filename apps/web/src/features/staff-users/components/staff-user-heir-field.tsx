import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type StaffUserRow } from '../api/get-staff-users';

type StaffUserHeirFieldProps = {
  /** The member being disabled. */
  user: StaffUserRow | null;
  users: readonly StaffUserRow[];
  /** Disabling a member who manages partners: someone must take them over. */
  needsHeir: boolean;
  heir: string | null;
  onHeir: (heir: string | null) => void;
  error: string | null;
};

/** Who takes over the partners of a member being disabled, or the server's refusal when it names no one. */
export function StaffUserHeirField({ user, users, needsHeir, heir, onHeir, error }: StaffUserHeirFieldProps) {
  const { t } = useTranslation();
  const heirs = users
    .filter((u) => u.id !== user?.id && u.enabled && u.roles.some((r) => r !== 'ROLE_FINANCE'))
    .map((u) => ({ value: String(u.id), label: u.displayName }));
  if (needsHeir && user) {
    return (
      <Select
        label={t('staff.users.reassign', { count: user.partnerCount })}
        data={heirs}
        value={heir}
        onChange={onHeir}
        withAsterisk
        error={error}
        data-testid="staff-user-heir"
      />
    );
  }
  return error ? (
    <Text c="red" size="sm">
      {error}
    </Text>
  ) : null;
}
