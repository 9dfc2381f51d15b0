import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE_LABELS, type DocumentType, type PartnerStatus } from '@portal/contracts';
import { Hint } from '@/components/hint';

/** The spec's status colours (section 4): active green, rejected red, pending yellow, suspended light, closed dark. */
export const STATUS_BADGE: Record<PartnerStatus, { color: string; variant: 'light' | 'filled' | 'outline' }> = {
  active: { color: 'green', variant: 'light' },
  rejected: { color: 'red', variant: 'light' },
  pending: { color: 'yellow', variant: 'light' },
  suspended: { color: 'gray', variant: 'outline' },
  closed: { color: 'dark', variant: 'filled' },
};

export function PartnerStatusBadge({ status }: { status: PartnerStatus }) {
  const { t } = useTranslation();
  return (
    <Badge {...STATUS_BADGE[status]} data-testid="staff-partner-status">
      {t(`staff.partners.status.${status}`)}
    </Badge>
  );
}

/** The flag of a partner lacking an approved, unexpired document of a required type. */
export function MissingDocumentsBadge({ missing }: { missing: readonly DocumentType[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  const names = missing.map((type) => DOCUMENT_TYPE_LABELS[type]).join(', ');
  return (
    <Hint label={names}>
      <Badge color="orange" variant="light" style={{ flexShrink: 0 }} miw="fit-content" data-testid="staff-partner-missing-documents" aria-label={`${t('staff.partners.missingDocuments')}: ${names}`}>
        {t('staff.partners.missingDocuments')}
      </Badge>
    </Hint>
  );
} // prettier-ignore
