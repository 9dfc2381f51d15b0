import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '@/lib/snackbar';
import type { StaffConversionListRow } from '../api/get-conversions';
import { useReviewConversion } from '../api/review-conversion';
import { ConversionDecisionDialog } from './conversion-decision-dialog';

/**
 * A pending conversion is approved or declined on review (decision 023); declining asks first, for its reason code
 * and a note the partner reads (decision 079).
 */
export function PendingReview({ conversion }: { conversion: StaffConversionListRow }) {
  const { t } = useTranslation();
  const review = useReviewConversion();
  const [confirmDecline, setConfirmDecline] = useState(false);

  const busy = review.isPending;
  const approve = () =>
    review.mutate(
      { id: conversion.id, body: { status: 'approved' } },
      {
        onSuccess: () =>
          showSnackbar({ kind: 'success', message: t('staff.conversions.approvedMessage', { id: conversion.id }) }),
      },
    );

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-sm"
          color="green"
          loading={busy}
          disabled={busy}
          onClick={approve}
          aria-label={t('staff.conversions.approveLabel', { id: conversion.id })}
          data-testid="staff-conversion-approve"
        >
          {t('staff.conversions.approve')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          disabled={busy}
          onClick={() => setConfirmDecline(true)}
          aria-label={t('staff.conversions.declineLabel', { id: conversion.id })}
          data-testid="staff-conversion-decline"
        >
          {t('staff.conversions.decline')}
        </Button>
      </Group>
      {confirmDecline ? (
        <ConversionDecisionDialog
          conversions={[conversion]}
          status="rejected"
          bulk={false}
          onClose={() => setConfirmDecline(false)}
          onDone={() => setConfirmDecline(false)}
        />
      ) : null}
    </>
  );
}
