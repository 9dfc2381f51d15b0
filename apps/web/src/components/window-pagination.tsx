import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paginationWindow } from './pagination-window';

type WindowPaginationProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** What the pages are of ('Offer list pages'), for assistive technology. */
  label: string;
  testId: string;
  disabled?: boolean;
};

/**
 * First / previous, at most five pages either side of the current one, next / last (spec section 9). Mantine's
 * own item list always adds the edge pages and dots, which the spec's paginator does not show.
 */
export function WindowPagination({
  page,
  totalPages,
  onChange,
  label,
  testId,
  disabled = false,
}: WindowPaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <Pagination.Root
      total={totalPages}
      value={page}
      onChange={onChange}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
    >
      <Group gap={5} justify="center">
        <Pagination.First aria-label={t('pagination.first')} data-testid="pagination-first" />
        <Pagination.Previous aria-label={t('pagination.previous')} data-testid="pagination-previous" />
        {paginationWindow(page, totalPages).map((number) => (
          <Pagination.Control
            key={number}
            active={number === page}
            onClick={() => onChange(number)}
            aria-label={t('pagination.page', { page: number })}
            aria-current={number === page ? 'page' : undefined}
            data-testid="pagination-page"
            data-page={number}
          >
            {number}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label={t('pagination.next')} data-testid="pagination-next" />
        <Pagination.Last aria-label={t('pagination.last')} data-testid="pagination-last" />
      </Group>
    </Pagination.Root>
  );
}
