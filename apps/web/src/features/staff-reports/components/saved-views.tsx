import { Button, Checkbox, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_VIEW_PARAMS } from '@portal/contracts';
import { DeferredSelect } from '@/components/deferred-select';
import { showSnackbar } from '@/lib/snackbar';
import {
  useDeleteReportView,
  usePinHomeView,
  useReportViews,
  useSaveReportView,
  useUpdateReportView,
} from '../api/report-views';

/** The address's report parameters only (breakdowns, range, filters, columns): what a saved view keeps. */
export function viewQueryOf(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of params) if ((REPORT_VIEW_PARAMS as readonly string[]).includes(name)) kept.append(name, value); // prettier-ignore
  return kept.toString();
}

/** A saved view as the list reads it (its dates revived). */
type View = NonNullable<ReturnType<typeof useReportViews>['data']>[number];

/** The name a copy of another's view takes: its own, unless the reader already keeps a view of that name. */
export function copyNameOf(
  view: Pick<View, 'id' | 'name' | 'owner'>,
  views: readonly Pick<View, 'mine' | 'name'>[],
): string {
  const taken = (name: string) => views.some((v) => v.mine && v.name === name);
  if (!taken(view.name)) return view.name;
  const named = `${view.name} (${view.owner.name})`.slice(0, 80);
  return taken(named) ? `${view.name} (${view.id})`.slice(0, 80) : named;
}

/**
 * The reader's saved views and those its team shares (decisions 106, 114): one picked opens the report as it was saved
 * (its address); the report as shown is saved under a name, for the reader or shared with its team (the same name
 * replaces it). The owner shares, unshares or deletes its view; another's shared view can be copied. Either can be
 * pinned to the reader's home, which shows its totals. A refused write is told by the API client's own snackbar.
 */
export function SavedViews({ query, onApply }: { query: string; onApply: (query: URLSearchParams) => void }) {
  const { t } = useTranslation();
  const views = useReportViews();
  const save = useSaveReportView();
  const update = useUpdateReportView();
  const remove = useDeleteReportView();
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [share, setShare] = useState(false);
  const list = views.data ?? [];
  const picked = list.find((v) => String(v.id) === pickedId) ?? null;
  const label = (v: View) => (v.mine ? (v.shared ? t('staff.reports.views.mineShared', { name: v.name }) : v.name) : t('staff.reports.views.sharedBy', { name: v.name, owner: v.owner.name })); // prettier-ignore
  const groups = [
    { group: t('staff.reports.views.mine'), items: list.filter((v) => v.mine) },
    { group: t('staff.reports.views.team'), items: list.filter((v) => !v.mine) },
  ].filter((g) => g.items.length > 0);

  return (
    <Group align="flex-end" wrap="wrap" mt="sm">
      <DeferredSelect
        label={t('staff.reports.views.pick')}
        placeholder={list.length ? t('staff.reports.views.pickHint') : t('staff.reports.views.none')}
        data={groups.map((g) => ({
          group: g.group,
          items: g.items.map((v) => ({ value: String(v.id), label: label(v) })),
        }))}
        value={pickedId}
        onChange={(value) => {
          setPickedId(value);
          const view = list.find((v) => String(v.id) === value);
          if (view) onApply(new URLSearchParams(view.query));
        }}
        w={300}
        data-testid="staff-reports-views"
      />
      {picked?.mine ? (
        <>
          <Checkbox
            label={t('staff.reports.views.shareThis')}
            checked={picked.shared}
            disabled={update.isPending}
            onChange={(e) => {
              const shared = e.currentTarget.checked;
              update.mutate(
                { id: picked.id, shared },
                {
                  onSuccess: () => showSnackbar({ kind: 'success', message: t(shared ? 'staff.reports.views.shared' : 'staff.reports.views.unshared', { name: picked.name }) }), // prettier-ignore
                },
              );
            }}
            mb={8}
            data-testid="staff-reports-view-shared"
          />
          <Button
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(picked.id, {
                onSuccess: () => {
                  setPickedId(null);
                  showSnackbar({ kind: 'success', message: t('staff.reports.views.deleted') });
                },
              })
            }
            data-testid="staff-reports-view-delete"
          >
            {t('staff.reports.views.delete')}
          </Button>
        </>
      ) : null}
      {picked && !picked.mine ? (
        <Button
          variant="default"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { name: copyNameOf(picked, list), query: picked.query },
              {
                onSuccess: (view) => {
                  if (view) setPickedId(String(view.id));
                  showSnackbar({
                    kind: 'success',
                    message: t('staff.reports.views.copied', { name: view?.name ?? '' }),
                  });
                },
              },
            )
          }
          data-testid="staff-reports-view-copy"
        >
          {t('staff.reports.views.copy')}
        </Button>
      ) : null}
      {picked ? <PinButton view={picked} /> : null}
      <TextInput
        label={t('staff.reports.views.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={80}
        w={220}
        data-testid="staff-reports-view-name"
      />
      <Checkbox
        label={t('staff.reports.views.shareNew')}
        checked={share}
        onChange={(e) => setShare(e.currentTarget.checked)}
        mb={8}
        data-testid="staff-reports-view-share"
      />
      <Button
        variant="default"
        disabled={!name.trim()}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { name: name.trim(), query, ...(share ? { shared: true } : {}) },
            {
              onSuccess: (view) => {
                setName('');
                setShare(false);
                if (view) setPickedId(String(view.id));
                showSnackbar({ kind: 'success', message: t('staff.reports.views.saved', { name: view?.name ?? '' }) });
              },
            },
          )
        }
        data-testid="staff-reports-view-save"
      >
        {t('staff.reports.views.save')}
      </Button>
      {picked && !picked.mine ? (
        <Text size="sm" c="dimmed" w="100%" data-testid="staff-reports-view-owner">
          {t('staff.reports.views.ownerNote', { owner: picked.owner.name })}
        </Text>
      ) : null}
    </Group>
  );
}

/** Shows a view's totals on the reader's home, or takes them off (decision 114). */
function PinButton({ view }: { view: View }) {
  const { t } = useTranslation();
  const pin = usePinHomeView();
  return (
    <Button
      variant="default"
      loading={pin.isPending}
      onClick={() =>
        pin.mutate(view.pinned ? null : view.id, {
          onSuccess: () => showSnackbar({ kind: 'success', message: t(view.pinned ? 'staff.reports.views.unpinned' : 'staff.reports.views.pinned', { name: view.name }) }), // prettier-ignore
        })
      }
      data-testid="staff-reports-view-pin"
    >
      {view.pinned ? t('staff.reports.views.unpin') : t('staff.reports.views.pin')}
    </Button>
  );
}
