import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '@/lib/snackbar';
import type { StaffConversionListRow } from '../api/get-conversions';
import { useReviewConversion } from '../api/review-conversion';

/** A pending conversion is approved or declined on review (decision 023); declining asks first. */
export function PendingReview({ conversion }: { conversion: StaffConversionListRow }) {
  const { t } = useTranslation();
  const review = useReviewConversion();
  const [confirmDecline, setConfirmDecline] = useState(false);

  const busy = review.isPending;
  const decide = (status: 'approved' | 'rejected') =>
    review.mutate(
      { id: conversion.id, body: { status } },
      {
        onSuccess: () => {
          setConfirmDecline(false);
          showSnackbar({
            kind: 'success',
            message: t(
              status === 'approved' ? 'staff.conversions.approvedMessage' : 'staff.conversions.declinedMessage',
              { id: conversion.id },
            ),
          });
        },
      },
    );

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-sm"
          color="green"
          loading={busy && review.variables?.body.status === 'approved'}
          disabled={busy}
          onClick={() => decide('approved')}
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
      <Modal
        opened={confirmDecline}
        onClose={() => setConfirmDecline(false)}
        title={t('staff.conversions.declineTitle', { id: conversion.id })}
        data-testid="staff-conversion-decline-dialog"
      >
        <Text size="sm">{t('staff.conversions.declineExplain')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmDecline(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => decide('rejected')}
            data-testid="staff-conversion-decline-confirm"
          >
            {t('staff.conversions.decline')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
