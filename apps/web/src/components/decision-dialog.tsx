import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadOnce, useLoadOnce } from '@/lib/load-once';
import type { DecisionDialogProps } from './decision-dialog.lazy';

export type { Decision, DecisionDialogProps } from './decision-dialog.lazy';

/** The dialog's code, asked for once (again after a failed download). */
const dialog = loadOnce(() => import('./decision-dialog.lazy').then((m) => m.DecisionDialog));

/** Asks for the dialog's code ahead of a press (a pointer near the button that opens it, its focus). */
export const preloadDecisionDialog = dialog.preload;

/**
 * Confirms a staff decision (decision-dialog.lazy.tsx draws it). Its code (Mantine's Modal, its focus trap and scroll
 * lock, the reason's field, the expiry's day field: about 19 KB) comes with the first decision asked for, not with the
 * screen (decision 119, as the file preview in decision 115); until it has come, a loader says the press was taken
 * (decision 103), and should it not come (the server gone), the press is forgotten (`onClose`).
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { t } = useTranslation();
  const Dialog = useLoadOnce(dialog, true, props.onClose);
  if (Dialog) return <Dialog {...props} />;
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300 }} aria-busy="true" data-testid={`${props.testId}-pending`}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
