import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paginationWindow } from '../pagination-window';

type OffersPaginationProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
};

/**
 * First / previous, at most five pages either side of the current one, next / last. Mantine's own
 * item list always adds the edge pages and dots, which the spec's paginator does not show.
 */
export function OffersPagination({ page, totalPages, onChange, disabled = false }: OffersPaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <Pagination.Root
      total={totalPages}
      value={page}
      onChange={onChange}
      disabled={disabled}
      aria-label={t('offers.pagination')}
      data-testid="offers-pagination"
    >
      <Group gap={5} justify="center">
        <Pagination.First aria-label={t('offers.firstPage')} data-testid="pagination-first" />
        <Pagination.Previous aria-label={t('offers.previousPage')} data-testid="pagination-previous" />
        {paginationWindow(page, totalPages).map((number) => (
          <Pagination.Control
            key={number}
            active={number === page}
            onClick={() => onChange(number)}
            aria-label={t('offers.page', { page: number })}
            aria-current={number === page ? 'page' : undefined}
            data-testid="pagination-page"
            data-page={number}
          >
            {number}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label={t('offers.nextPage')} data-testid="pagination-next" />
        <Pagination.Last aria-label={t('offers.lastPage')} data-testid="pagination-last" />
      </Group>
    </Pagination.Root>
  );
}
