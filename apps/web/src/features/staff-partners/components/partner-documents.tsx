import { ActionIcon, Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, type DocumentStatus, type DocumentType } from '@portal/contracts';
import { DecisionDialog } from '@/components/decision-dialog';
import { FilePreview, preloadFilePreview, type PreviewFile } from '@/components/file-preview';
import { downloadFile } from '@/lib/files';
import { utcDate } from '@/lib/read-file';
import { showSnackbar } from '@/lib/snackbar';
import { useReviewPartnerDocument } from '../api/review-partner-document';
import { type StaffPartnerProfileData } from '../api/get-staff-partner';

const STATUS_COLORS = { pending: 'yellow', refused: 'red', approved: 'green' } as const;

type Review = { type: DocumentType; id: number; status: DocumentStatus; expireAt: string };

/**
 * The partner's compliance documents, one row per type: status, expiry (shown expired once it has come), the file
 * previewed (or downloaded) through its signed link, and the review: approve, refuse or set back to pending, with an
 * expiry date and a reason.
 */
export function PartnerDocuments({ partner }: { partner: StaffPartnerProfileData }) {
  const { t } = useTranslation();
  const review = useReviewPartnerDocument();
  const [open, setOpen] = useState<Review | null>(null);
  const [previewed, setPreviewed] = useState<PreviewFile | null>(null);
  const missing = new Set<string>(partner.missingDocuments);
  return (
    <>
      <FilePreview file={previewed} onClose={() => setPreviewed(null)} />
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" data-testid="staff-partner-documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('myAccount.documents.type')}</Table.Th>
              <Table.Th>{t('myAccount.documents.status')}</Table.Th>
              <Table.Th>{t('myAccount.documents.expireAt')}</Table.Th>
              <Table.Th>{t('myAccount.documents.file')}</Table.Th>
              <Table.Th>{t('staff.queues.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DOCUMENT_TYPES.map((type) => {
              const record = partner.documents[type];
              const expireAt = utcDate(record?.expireAt);
              return (
                <Table.Tr key={type} data-testid={`staff-document-${type}`}>
                  <Table.Td>
                    <Group gap={4}>
                      {DOCUMENT_TYPE_LABELS[type]}
                      {missing.has(type) ? (
                        <Badge size="xs" color="orange" variant="light">
                          {t('staff.partner.required')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {record ? (
                      <Group gap={4}>
                        <Badge color={STATUS_COLORS[record.status]} variant="light">
                          {t(`myAccount.documents.statuses.${record.status}`)}
                        </Badge>
                        {record.expired ? (
                          <Badge color="red" variant="filled" data-testid={`staff-document-expired-${type}`}>
                            {t('myAccount.documents.expired')}
                          </Badge>
                        ) : null}
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('myAccount.documents.none')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{expireAt || '—'}</Table.Td>
                  <Table.Td>
                    {record?.document ? (
                      <Group gap={4} wrap="nowrap">
                        <Anchor component="button" type="button" size="sm" onClick={() => setPreviewed(record.document)} onPointerEnter={preloadFilePreview} onFocus={preloadFilePreview} aria-label={t('filePreview.open', { name: record.document.filename })} data-testid={`staff-document-open-${type}`}>
                          {record.document.filename}
                        </Anchor>
                        <ActionIcon variant="subtle" size="sm" onClick={() => void downloadFile(record.document!.id)} aria-label={t('filePreview.downloadNamed', { name: record.document.filename })} data-testid={`staff-document-download-${type}`}>
                          <IconDownload size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    {record ? (
                      <Group gap="xs" wrap="nowrap">
                        {(['approved', 'refused', 'pending'] as const)
                          .filter((status) => status !== 'pending' || record.status !== 'pending')
                          .map((status) => (
                            <Button
                              key={status}
                              size="compact-sm"
                              variant={status === 'approved' ? 'filled' : 'light'}
                              color={status === 'approved' ? 'green' : status === 'refused' ? 'red' : 'gray'}
                              onClick={() => setOpen({ type, id: record.id, status, expireAt })}
                              data-testid={`staff-document-${status}-${type}`}
                            >
                              {t(`staff.partner.documentActions.${status}`)}
                            </Button>
                          ))}
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {open ? (
        <DecisionDialog
          title={t('staff.partner.documentDecision', {
            action: t(`staff.partner.documentActions.${open.status}`),
            type: DOCUMENT_TYPE_LABELS[open.type],
            partner: partner.displayName,
          })}
          confirmLabel={t(`staff.partner.documentActions.${open.status}`)}
          confirmColor={open.status === 'approved' ? 'green' : open.status === 'refused' ? 'red' : 'gray'}
          expiry={open.expireAt}
          testId="staff-document-decision"
          onClose={() => setOpen(null)}
          onConfirm={async ({ reason, expireAt }) => {
            await review.mutateAsync({
              id: open.id,
              body: { status: open.status, expireAt: expireAt ?? null, ...(reason ? { reason } : {}) },
            });
            showSnackbar({ kind: 'success', message: t('staff.partner.documentReviewed') });
          }}
        />
      ) : null}
    </>
  );
} // prettier-ignore
