import { ActionIcon, Paper, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffTable, type StaffColumn } from '@/components/staff-table';

type Props<Row extends { id: number; name: string }> = {
  testId: string;
  /** The rows' and remove buttons' test ids are `<itemTestId>-row` and `<itemTestId>-remove`. */
  itemTestId: string;
  emptyTestId: string;
  title: string;
  intro: string;
  emptyText: string;
  columns: StaffColumn<Row>[];
  rows: Row[] | undefined;
  pending: boolean;
  /** Admins add and remove; everyone else on the staff reads. */
  canWrite: boolean;
  removeLabel: (row: Row) => string;
  onRemove: (id: number) => void;
  /** The form that adds one, shown to those who may write. */
  children: ReactNode;
};

/** A list of an offer's creatives or landing pages, with a remove button on each row and the form to add one. */
export function OfferChildPanel<Row extends { id: number; name: string }>(props: Props<Row>) {
  const { t } = useTranslation();
  const { canWrite, itemTestId } = props;
  return (
    <Paper withBorder p="md" radius="md" data-testid={props.testId}>
      <Title order={3} size="h4" mb="xs">
        {props.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {props.intro}
      </Text>
      <StaffTable
        columns={props.columns}
        rows={props.rows ?? []}
        rowKey={(row) => row.id}
        rowTestId={`${itemTestId}-row`}
        loading={false}
        empty={
          <Text size="sm" data-testid={props.emptyTestId}>
            {props.pending ? t('common.loading') : props.emptyText}
          </Text>
        }
        minWidth={560}
        tableProps={{}}
        actionsWidth={60}
        rowActions={
          canWrite
            ? (row) => (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={props.removeLabel(row)}
                  onClick={() => props.onRemove(row.id)}
                  data-testid={`${itemTestId}-remove`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )
            : undefined
        }
      />
      {canWrite ? props.children : null}
    </Paper>
  );
}
