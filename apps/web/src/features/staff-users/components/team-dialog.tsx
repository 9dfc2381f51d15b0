import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useCreateTeam } from '../api/create-team';
import { useUpdateTeam } from '../api/update-team';
import { type StaffUserRow } from '../api/get-staff-users';
import { type TeamRow } from '../api/get-teams';

export function TeamDialog({
  team,
  managers,
  onClose,
}: {
  team: TeamRow | null;
  managers: readonly StaffUserRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const [name, setName] = useState(team?.name ?? '');
  const [managerId, setManagerId] = useState<string | null>(team?.managerId ? String(team.managerId) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const body = { name: name.trim(), managerId: managerId ? Number(managerId) : null };
    if (!body.name) return setErrors({ name: t('formError.required') });
    try {
      if (team) await update.mutateAsync({ id: team.id, body });
      else await create.mutateAsync(body);
      showSnackbar({ kind: 'success', message: t('staff.teams.saved', { name: body.name }) });
      onClose();
    } catch (error) {
      handleFormError(error, {
        t,
        fields: ['name', 'managerId'] as const,
        setError: (field, value) => setErrors((current) => ({ ...current, [field]: value.message })),
      });
    }
  };
  return (
    <Modal opened onClose={onClose} title={team ? t('staff.teams.editTitle') : t('staff.teams.create')}>
      <Stack gap="sm">
        <TextInput
          label={t('staff.teams.columns.name')}
          withAsterisk
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-testid="team-name"
        />
        <Select
          label={t('staff.teams.columns.manager')}
          data={managers.map((u) => ({ value: String(u.id), label: u.displayName }))}
          value={managerId}
          onChange={setManagerId}
          clearable
          error={errors.managerId}
          data-testid="team-manager"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} data-testid="team-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
