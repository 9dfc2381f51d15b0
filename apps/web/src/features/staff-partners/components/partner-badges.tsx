import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE_LABELS, type DocumentType, type PartnerStatus } from '@portal/contracts';
import { Hint } from '@/components/hint';
import { LeanBadge } from '@/components/lean';

/** The spec's status colours (section 4): active green, rejected red, pending yellow, suspended light, closed dark. */
export const STATUS_BADGE: Record<PartnerStatus, { color: string; variant: 'light' | 'filled' | 'outline' }> = {
  active: { color: 'green', variant: 'light' },
  rejected: { color: 'red', variant: 'light' },
  pending: { color: 'yellow', variant: 'light' },
  suspended: { color: 'gray', variant: 'outline' },
  closed: { color: 'dark', variant: 'filled' },
};

/**
 * A partner's status as a badge (Mantine's look, a plain element: one a row of the partners list, decision 147);
 * `label` its text when the caller has it, read once a list.
 */
export function PartnerStatusBadge({ status, label }: { status: PartnerStatus; label?: string }) {
  return label === undefined ? <TranslatedStatus status={status} /> : <StatusBadge status={status} label={label} />;
}

function TranslatedStatus({ status }: { status: PartnerStatus }) {
  const { t } = useTranslation();
  return <StatusBadge status={status} label={t(`staff.partners.status.${status}`)} />;
}

function StatusBadge({ status, label }: { status: PartnerStatus; label: string }) {
  return (
    <LeanBadge {...STATUS_BADGE[status]} data-testid="staff-partner-status">
      {label}
    </LeanBadge>
  );
}

/**
 * The flag of a partner lacking an approved, unexpired document of a required type; `label` its text ('Missing
 * documents') when the caller has it.
 */
export function MissingDocumentsBadge({ missing, label }: { missing: readonly DocumentType[]; label?: string }) {
  if (missing.length === 0) return null;
  return label === undefined ? (
    <TranslatedMissing missing={missing} />
  ) : (
    <MissingBadge missing={missing} label={label} />
  );
}

function TranslatedMissing({ missing }: { missing: readonly DocumentType[] }) {
  const { t } = useTranslation();
  return <MissingBadge missing={missing} label={t('staff.partners.missingDocuments')} />;
}

function MissingBadge({ missing, label }: { missing: readonly DocumentType[]; label: string }) {
  const names = missing.map((type) => DOCUMENT_TYPE_LABELS[type]).join(', ');
  return (
    <Hint label={names}>
      <LeanBadge color="orange" variant="light" style={{ flexShrink: 0, minWidth: 'fit-content' }} data-testid="staff-partner-missing-documents" aria-label={`${label}: ${names}`}>
        {label}
      </LeanBadge>
    </Hint>
  );
} // prettier-ignore
