import { Button, Center, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, type DocumentType } from '@portal/contracts';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useComplianceSettings } from '../api/get-compliance-settings';
import { useUpdateComplianceSettings } from '../api/update-compliance-settings';

/** Which compliance documents every partner must hold, approved and unexpired; the others are flagged (decision 040). */
export function CompliancePanel() {
  const { t } = useTranslation();
  const settings = useComplianceSettings();
  const save = useUpdateComplianceSettings();
  const [chosen, setChosen] = useState<string[] | null>(null);
  if (settings.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (settings.isError || !settings.data) return <Text c="red">{t('staff.users.loadError')}</Text>;
  const value = chosen ?? settings.data.requiredDocumentTypes;
  return (
    <Stack gap="sm" maw={640}>
      <Checkbox.Group
        label={t('staff.compliance.required')}
        description={t('staff.compliance.requiredHint')}
        value={value}
        onChange={setChosen}
        data-testid="staff-required-documents"
      >
        <Stack gap={6} mt="xs">
          {DOCUMENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={DOCUMENT_TYPE_LABELS[type]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group>
        <Button
          loading={save.isPending}
          disabled={chosen === null}
          onClick={() =>
            save.mutate(
              { requiredDocumentTypes: value as DocumentType[] },
              {
                onSuccess: () => {
                  setChosen(null);
                  showSnackbar({ kind: 'success', message: t('staff.compliance.saved') });
                },
                onError: (error) => handleFormError(error, { t }),
              },
            )
          }
          data-testid="staff-required-documents-save"
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
