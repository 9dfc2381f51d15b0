import { Badge, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NEWS_STATES, formatDate, formatHour, type NewsAudience, type NewsState } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { NewsEditor } from './news-editor';
import { showSnackbar } from '@/lib/snackbar';
import { useDeleteNews } from '../api/delete-news';
import { useStaffNews, type StaffNewsRow } from '../api/get-staff-news';

const PAGE_SIZE = 50;
const STATE_COLORS: Record<NewsState, string> = { draft: 'gray', scheduled: 'yellow', published: 'green' };
const when = (date: Date | null | undefined) => (date ? `${formatDate(date)} ${formatHour(date)}` : '—');

/**
 * News for partners, written by admins (decision 042): drafts, scheduled and published items, each for every partner,
 * the partners of some offers, or some partners. The dashboard shows a partner the published items meant for it.
 */
export function StaffNews() {
  const { t } = useTranslation();
  const [state, setState] = useState<NewsState | 'all'>('all');
  const [page, setPage] = useState(1);
  const items = useStaffNews(state === 'all' ? null : state, page, PAGE_SIZE);
  const remove = useDeleteNews();
  const [editing, setEditing] = useState<StaffNewsRow | 'new' | null>(null);
  const columns: StaffColumn<StaffNewsRow>[] = [
    { key: 'title', label: t('staff.news.columns.title'), cell: (item) => item.title },
    {
      key: 'state',
      label: t('staff.news.columns.state'),
      cell: (item) => (
        <Badge color={STATE_COLORS[item.state]} variant="light">
          {t(`staff.news.states.${item.state}`)}
        </Badge>
      ),
    },
    { key: 'publishedAt', label: t('staff.news.columns.publishedAt'), cell: (item) => when(item.publishedAt) },
    { key: 'audience', label: t('staff.news.columns.audience'), cell: (item) => audienceText(t, item.audience) },
  ];
  const body = (
    <StaffTable
      columns={columns}
      rows={items.data?.list}
      rowKey={(item) => item.id}
      rowTestId="staff-news-row"
      loading={items.isPending}
      error={items.isError && t('errors.generic')}
      empty={t('staff.news.empty')}
      minWidth={820}
      testId="staff-news-table"
      tableProps={{ striped: true }}
      actionsLabel={t('staff.news.columns.actions')}
      rowActions={(item) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(item)}>
            {t('staff.news.edit')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() =>
              window.confirm(t('staff.news.confirmDelete', { title: item.title })) &&
              remove.mutate(item.id, {
                onSuccess: () => showSnackbar({ kind: 'success', message: t('staff.news.deleted') }),
              })
            }
          >
            {t('staff.news.delete')}
          </Button>
        </Group>
      )}
      paging={{
        page,
        total: items.data?.total ?? 0,
        pageSize: PAGE_SIZE,
        onChange: setPage,
        label: t('staff.news.pages'),
        testId: 'staff-news-pages',
      }}
    />
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          value={state}
          onChange={(value) => {
            setState(value as NewsState | 'all');
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('staff.partners.all') },
            ...NEWS_STATES.map((value) => ({ value, label: t(`staff.news.states.${value}`) })),
          ]}
        />
        <Button onClick={() => setEditing('new')} data-testid="staff-news-new">
          {t('staff.news.new')}
        </Button>
      </Group>
      {body}
      {editing ? <NewsEditor item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

function audienceText(t: TFunction, audience: NewsAudience) {
  if (audience.kind === 'all') return t('staff.news.audiences.all');
  if (audience.kind === 'offers') return t('staff.news.audienceOffers', { count: audience.offerIds.length });
  return t('staff.news.audiencePartners', { count: audience.partnerIds.length });
}
