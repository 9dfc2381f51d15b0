import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_VIEW_PARAMS } from '@portal/contracts';
import { showSnackbar } from '@/lib/snackbar';
import { useDeleteReportView, useReportViews, useSaveReportView } from '../api/report-views';

/** The address's report parameters only (breakdowns, range, filters, columns): what a saved view keeps. */
export function viewQueryOf(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of params) if ((REPORT_VIEW_PARAMS as readonly string[]).includes(name)) kept.append(name, value); // prettier-ignore
  return kept.toString();
}

/**
 * The reader's saved views (decision 106): one picked opens the report as it was saved (its address); the report as
 * shown is saved under a name (the same name replaces it); the picked one can be deleted.
 */
export function SavedViews({ query, onApply }: { query: string; onApply: (query: URLSearchParams) => void }) {
  const { t } = useTranslation();
  const views = useReportViews();
  const save = useSaveReportView();
  const remove = useDeleteReportView();
  const [picked, setPicked] = useState<string | null>(null);
  const [name, setName] = useState('');
  const fail = () => showSnackbar({ kind: 'error', message: t('errors.generic') });

  return (
    <Group align="flex-end" wrap="wrap" mt="sm">
      <Select
        label={t('staff.reports.views.pick')}
        placeholder={views.data?.length ? t('staff.reports.views.pickHint') : t('staff.reports.views.none')}
        data={(views.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
        value={picked}
        onChange={(value) => {
          setPicked(value);
          const view = views.data?.find((v) => String(v.id) === value);
          if (view) onApply(new URLSearchParams(view.query));
        }}
        w={240}
        data-testid="staff-reports-views"
      />
      {picked ? (
        <Button
          variant="subtle"
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(Number(picked), {
              onSuccess: () => {
                setPicked(null);
                showSnackbar({ kind: 'success', message: t('staff.reports.views.deleted') });
              },
              onError: fail,
            })
          }
          data-testid="staff-reports-view-delete"
        >
          {t('staff.reports.views.delete')}
        </Button>
      ) : null}
      <TextInput
        label={t('staff.reports.views.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={80}
        w={220}
        data-testid="staff-reports-view-name"
      />
      <Button
        variant="default"
        disabled={!name.trim()}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { name: name.trim(), query },
            {
              onSuccess: (view) => {
                setName('');
                if (view) setPicked(String(view.id));
                showSnackbar({ kind: 'success', message: t('staff.reports.views.saved', { name: view?.name ?? '' }) });
              },
              onError: fail,
            },
          )
        }
        data-testid="staff-reports-view-save"
      >
        {t('staff.reports.views.save')}
      </Button>
    </Group>
  );
}
