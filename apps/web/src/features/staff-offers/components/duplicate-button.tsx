import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OfferUpdate } from '@portal/contracts';
import { isApiRequestError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useDuplicateOffer } from '../api/duplicate-offer';
import { type StaffOfferData } from '../api/get-staff-offer';
import { bodyOf, draftOf } from './offer-draft';

/** Whether the draft differs from what was last saved (or loaded); a draft that does is not duplicated (decision 098). */
export function useUnsaved(offer: StaffOfferData | null, body: OfferUpdate) {
  const [saved, setSaved] = useState(() => JSON.stringify(bodyOf(draftOf(offer))));
  return { unsaved: JSON.stringify(body) !== saved, markSaved: () => setSaved(JSON.stringify(body)) };
}

/**
 * Copies the saved offer into a new disabled one and opens it (decision 098); disabled while the draft has unsaved
 * changes, which the copy would not have.
 */
export function DuplicateButton({ offerId, unsaved }: { offerId: number; unsaved: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duplicate = useDuplicateOffer();
  const run = async () => {
    try {
      const id = await duplicate.mutateAsync(offerId);
      if (id === null) return;
      showSnackbar({ kind: 'success', message: t('staff.offers.duplicated', { name: `#${id}` }) });
      await navigate(paths.staffOffer.href(id));
    } catch (error) {
      showSnackbar({ kind: 'error', message: isApiRequestError(error) ? error.message : t('errors.generic') });
    }
  };
  return (
    <Group gap="xs">
      {unsaved ? (
        <Text size="sm" c="dimmed" id="staff-offer-duplicate-hint">
          {t('staff.offers.duplicateHint')}
        </Text>
      ) : null}
      <Button
        variant="default"
        disabled={unsaved}
        aria-describedby={unsaved ? 'staff-offer-duplicate-hint' : undefined}
        loading={duplicate.isPending}
        onClick={() => void run()}
        data-testid="staff-offer-duplicate"
      >
        {t('staff.offers.duplicate')}
      </Button>
    </Group>
  );
}
