import { Box, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { POSTBACK_MACROS } from '@portal/contracts';
import { previewUrl } from '../postback-form-values';

/** Under the postback URL: a button per macro, inserting it at the caret, and the URL as it would be called. */
export function PostbackUrlHelper({ url, onInsert }: { url: string; onInsert: (macro: string) => void }) {
  const { t } = useTranslation();
  const preview = url.trim() ? previewUrl(url) : '';
  return (
    <>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t('postbacks.form.macrosHelp')}
        </Text>
        <Group gap={4} data-testid="postback-macros">
          {POSTBACK_MACROS.map((macro) => (
            <Button
              key={macro}
              size="compact-xs"
              variant="light"
              onClick={() => onInsert(macro)}
              aria-label={t('postbacks.form.insertMacro', { macro: `{${macro}}` })}
              data-testid={`postback-macro-${macro}`}
            >
              {`{${macro}}`}
            </Button>
          ))}
        </Group>
        {/* What each macro sends (issue 47 item 8, decision 118): folded, a native disclosure the keyboard opens. */}
        <Box component="details" data-testid="postback-macro-docs">
          <Text component="summary" size="xs" c="dimmed" style={{ cursor: 'pointer' }}>
            {t('postbacks.form.macrosDocs')}
          </Text>
          <Table fz="xs" verticalSpacing={2} mt={4}>
            <Table.Tbody>
              {POSTBACK_MACROS.map((macro) => (
                <Table.Tr key={macro} data-testid={`postback-macro-doc-${macro}`}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    <Code>{`{${macro}}`}</Code>
                  </Table.Th>
                  <Table.Td>{t(`postbacks.macros.${macro}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('postbacks.form.preview')}
        </Text>
        <Code block data-testid="postback-preview" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {preview || t('postbacks.form.previewEmpty')}
        </Code>
      </Stack>
    </>
  );
}
