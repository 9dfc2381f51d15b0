import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSION_HAND_APPROVABLE_REASONS } from '@portal/contracts';
import type { StaffConversionListRow } from '../api/get-conversions';
import { PendingReview } from './pending-review';
import { ConversionChangeDialog, type ConversionChangeKind } from './conversion-change-dialog';

type ConversionRowActionsProps = {
  conversion: StaffConversionListRow;
};

/**
 * What staff may do with one conversion of the search, in its row's last cell: a pending one is approved or declined
 * (decision 023; declining asks first) or reversed; an approved one reversed or adjusted; one rejected as unknown
 * click, click too old, over cap or declined approved by hand (decision 069). Each change is confirmed in a dialog.
 */
export function ConversionRowActions({ conversion }: ConversionRowActionsProps) {
  const { t } = useTranslation();
  const [change, setChange] = useState<ConversionChangeKind | null>(null);
  const kinds: ConversionChangeKind[] =
    conversion.status === 'approved'
      ? ['reverse', 'adjust']
      : conversion.status === 'pending'
        ? ['reverse']
        : (CONVERSION_HAND_APPROVABLE_REASONS as readonly string[]).includes(conversion.reason ?? '')
          ? ['approve']
          : [];
  return (
    <Group gap="xs" wrap="nowrap">
      {conversion.status === 'pending' ? <PendingReview conversion={conversion} /> : null}
      {kinds.map((kind) => (
        <Button
          key={kind}
          size="compact-sm"
          variant={kind === 'approve' ? 'light' : 'subtle'}
          color={kind === 'reverse' ? 'red' : kind === 'approve' ? 'green' : undefined}
          onClick={() => setChange(kind)}
          aria-label={t(`staff.conversions.change.${kind}Label`, { id: conversion.id })}
          data-testid={`staff-conversion-${kind}`}
        >
          {t(`staff.conversions.change.${kind}`)}
        </Button>
      ))}
      {change ? <ConversionChangeDialog conversion={conversion} kind={change} onClose={() => setChange(null)} /> : null}
    </Group>
  );
}
