import { Button, Center, Divider, Drawer, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostbackAttempt, RevivedDates } from '@portal/contracts';
import { PageTitle } from '@/components/page-title';
import { showSnackbar } from '@/lib/snackbar';
import { useDeletePostback } from '../api/delete-postback';
import { usePostbacks } from '../api/get-postbacks';
import { useTestPostback } from '../api/test-postback';
import { useUpdatePostback } from '../api/update-postback';
import type { PostbackItem } from '../postback-form-values';
import { AttemptResult } from './attempt-result';
import { PostbackForm } from './postback-form';
import { PostbackList } from './postback-list';
import { PostbackSecret } from './postback-secret';
import { PostbackStats } from './postback-stats';

/** The form is open for a new postback (null) or an existing one; closed when undefined. */
type Editing = PostbackItem | null | undefined;

/** Pixels and postbacks (spec section 2): the list, its actions, the stats view and the signing secret. */
export function PostbacksPage() {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const postbacks = usePostbacks();
  const update = useUpdatePostback();
  const remove = useDeletePostback();
  const test = useTestPostback();
  const [editing, setEditing] = useState<Editing>(undefined);
  const [deleting, setDeleting] = useState<PostbackItem | null>(null);
  const [statsOf, setStatsOf] = useState<PostbackItem | null>(null);
  const [tested, setTested] = useState<RevivedDates<PostbackAttempt> | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const onToggle = async (postback: PostbackItem) => {
    setBusyId(postback.id);
    try {
      await update.mutateAsync({ id: postback.id, patch: { enabled: !postback.enabled } });
      showSnackbar({
        kind: 'success',
        message: t(postback.enabled ? 'postbacks.disabledSuccess' : 'postbacks.enabledSuccess'),
      });
    } finally {
      setBusyId(null);
    }
  };

  const onTest = async (postback: PostbackItem) => {
    setBusyId(postback.id);
    try {
      const { data } = await test.mutateAsync(postback.id);
      setTested(data);
    } finally {
      setBusyId(null);
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.id);
    setDeleting(null);
    showSnackbar({ kind: 'success', message: t('postbacks.deleted') });
  };

  const label = (postback: PostbackItem | null | undefined) => postback?.name ?? (postback ? `#${postback.id}` : '');

  return (
    <>
      <PageTitle>{t('screen.postbacks')}</PageTitle>
      <Stack gap="lg">
        <Group justify="space-between">
          <Text size="sm">{t('postbacks.intro')}</Text>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing(null)}
            data-testid="postback-new"
          >
            {t('postbacks.new')}
          </Button>
        </Group>
        {!postbacks.data ? (
          postbacks.isPending && (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          )
        ) : postbacks.data.length === 0 ? (
          <Text data-testid="postbacks-empty">{t('postbacks.empty')}</Text>
        ) : (
          <PostbackList
            postbacks={postbacks.data}
            busyId={busyId}
            onStats={setStatsOf}
            onEdit={setEditing}
            onToggle={(postback) => void onToggle(postback).catch(() => undefined)}
            onTest={(postback) => void onTest(postback).catch(() => undefined)}
            onDelete={setDeleting}
          />
        )}
        <Divider />
        <PostbackSecret />
      </Stack>

      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('postbacks.editTitle', { name: label(editing) }) : t('postbacks.newTitle')}
        size="xl"
      >
        {editing !== undefined && (
          <PostbackForm
            key={editing?.id ?? 'new'}
            postback={editing}
            onCancel={() => setEditing(undefined)}
            onSaved={({ message }) => {
              setEditing(undefined);
              showSnackbar({ kind: 'success', message: message ?? t('postbacks.saved') });
            }}
          />
        )}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('postbacks.deleteTitle')} centered>
        <Stack>
          <Text size="sm">{t('postbacks.deleteText', { name: label(deleting) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('postbacks.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => void onDelete().catch(() => undefined)}
              data-testid="postback-delete-confirm"
            >
              {t('postbacks.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={tested !== null} onClose={() => setTested(null)} title={t('postbacks.test.title')} size="lg">
        {tested && <AttemptResult attempt={tested} />}
      </Modal>

      <Drawer
        opened={statsOf !== null}
        onClose={() => setStatsOf(null)}
        position="right"
        // The whole width on a phone: 80 % of 390 px leaves the counts and the table no room.
        size={phone ? '100%' : '80%'}
        title={t('postbacks.stats.title', { name: label(statsOf) })}
      >
        {statsOf && <PostbackStats postbackId={statsOf.id} />}
      </Drawer>
    </>
  );
}
