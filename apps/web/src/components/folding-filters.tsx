import { Button, Collapse, Stack } from '@mantine/core';
import { IconChevronDown, IconFilter } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneLayout } from './row-cards';

type FoldingFiltersProps = {
  /** How many filters are set: shown on the button. */
  count: number;
  /** The filter form (in its frame). */
  children: ReactNode;
  /** Closes the fold when it changes: the filters the screen applied (a submitted form). */
  appliedKey: string;
  testId?: string;
};

/**
 * A filter form on a phone folds behind a "Filters (n)" button, so the rows start on the first screen (decision 095);
 * on a wider window it is shown as it is. Applying the filters closes the fold.
 */
export function FoldingFilters({ count, children, appliedKey, testId = 'filters-toggle' }: FoldingFiltersProps) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const id = useId();
  const [opened, setOpened] = useState(false);
  const [applied, setApplied] = useState(appliedKey);
  if (applied !== appliedKey) {
    setApplied(appliedKey);
    setOpened(false);
  }
  if (!phone) return <>{children}</>;
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        justify="space-between"
        fullWidth
        leftSection={<IconFilter size={16} aria-hidden />}
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        aria-expanded={opened}
        aria-controls={id}
        onClick={() => setOpened((value) => !value)}
        data-testid={testId}
        data-count={count}
      >
        {t('common.filters', { count })}
      </Button>
      <Collapse expanded={opened} id={id}>
        {children}
      </Collapse>
    </Stack>
  );
}
