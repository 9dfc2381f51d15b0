import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, FileButton, Group, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, type DocumentType } from '@portal/contracts';
import { FilePreview, preloadFilePreview, type PreviewFile } from '@/components/file-preview';
import { reloadConfig, type PortalConfig } from '@/lib/config';
import { showSnackbar } from '@/lib/snackbar';
import { downloadFile } from '@/lib/files';
import { saveComplianceDocument } from '../api/save-compliance-document';
import { ACCEPTED_FILE_TYPES, isTooLarge, readAsUpload, utcDate } from '@/lib/read-file';

type Documents = NonNullable<PortalConfig['partner']>['documents'];

const STATUS_COLORS = { pending: 'yellow', refused: 'red', approved: 'green' } as const;

/** One row per document type of spec section 9, with its status, expiry, file (previewed, or downloaded) and an upload. */
export function ComplianceDocuments({ documents }: { documents: Documents }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<DocumentType | null>(null);
  const [previewed, setPreviewed] = useState<PreviewFile | null>(null);

  const upload = async (type: DocumentType, file: File | null) => {
    if (!file) return;
    if (isTooLarge(file)) {
      showSnackbar({ kind: 'error', message: t('myAccount.fileTooLarge') });
      return;
    }
    setBusy(type);
    try {
      const document = await readAsUpload(file);
      await saveComplianceDocument(documents[type]?.id ?? null, { type, document });
      showSnackbar({ kind: 'success', message: t('myAccount.documents.saved') });
      await reloadConfig(queryClient);
    } catch {
      // The api-client has shown the server's message (a refused type or size, say).
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <FilePreview file={previewed} onClose={() => setPreviewed(null)} />
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" data-testid="documents-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('myAccount.documents.type')}</Table.Th>
              <Table.Th>{t('myAccount.documents.status')}</Table.Th>
              <Table.Th>{t('myAccount.documents.expireAt')}</Table.Th>
              <Table.Th>{t('myAccount.documents.file')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DOCUMENT_TYPES.map((type) => {
              const record = documents[type];
              const file = record?.document ?? null;
              return (
                <Table.Tr key={type} data-testid={`document-row-${type}`}>
                  <Table.Td>{t(`myAccount.documents.types.${type}`)}</Table.Td>
                  <Table.Td data-testid={`document-status-${type}`}>
                    {record ? (
                      <Group gap={4}>
                        <Badge color={STATUS_COLORS[record.status]} variant="light">
                          {t(`myAccount.documents.statuses.${record.status}`)}
                        </Badge>
                        {record.expired ? (
                          <Badge color="red" variant="filled" data-testid={`document-expired-${type}`}>
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
                  <Table.Td data-testid={`document-expiry-${type}`}>{utcDate(record?.expireAt)}</Table.Td>
                  <Table.Td>
                    {file ? (
                      <Group gap={4} wrap="nowrap">
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          onClick={() => setPreviewed(file)}
                          onPointerEnter={preloadFilePreview}
                          onFocus={preloadFilePreview}
                          aria-label={t('filePreview.open', { name: file.filename })}
                          data-testid={`document-preview-${type}`}
                        >
                          {file.filename}
                        </Anchor>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          onClick={() => void downloadFile(file.id)}
                          aria-label={t('filePreview.downloadNamed', { name: file.filename })}
                          data-testid={`document-download-${type}`}
                        >
                          <IconDownload size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <FileButton
                      accept={ACCEPTED_FILE_TYPES}
                      onChange={(chosen) => void upload(type, chosen)}
                      inputProps={{ 'data-testid': `document-input-${type}` } as React.ComponentProps<'input'>}
                    >
                      {(props) => (
                        <Button
                          {...props}
                          size="xs"
                          variant="light"
                          loading={busy === type}
                          disabled={busy !== null}
                          data-testid={`document-upload-${type}`}
                        >
                          {record ? t('myAccount.documents.replace') : t('myAccount.documents.upload')}
                        </Button>
                      )}
                    </FileButton>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
