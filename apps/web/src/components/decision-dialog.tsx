import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionDialog as DecisionDialogComponent, DecisionDialogProps } from './decision-dialog.lazy';

export type { Decision, DecisionDialogProps } from './decision-dialog.lazy';

type Dialog = typeof DecisionDialogComponent;

let loaded: Dialog | null = null;
let loading: Promise<Dialog> | null = null;
/** The dialog's code, asked for once (again after a failed download). */
function loadDialog(): Promise<Dialog> {
  loading ??= import('./decision-dialog.lazy').then(
    (m) => (loaded = m.DecisionDialog),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Asks for the dialog's code ahead of a press (a pointer near the button that opens it, its focus). */
export const preloadDecisionDialog = () => void loadDialog().catch(() => undefined);

/**
 * Confirms a staff decision (decision-dialog.lazy.tsx draws it). Its code (Mantine's Modal, its focus trap and scroll
 * lock, the reason's field, the expiry's day field: about 19 KB) comes with the first decision asked for, not with the
 * screen (decision 119, as the file preview in decision 115); until it has come, a loader says the press was taken
 * (decision 103), and should it not come (the server gone), the press is forgotten (`onClose`).
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { t } = useTranslation();
  const [Dialog, setDialog] = useState<Dialog | null>(() => loaded);
  const { onClose } = props;
  useEffect(() => {
    if (Dialog) return undefined;
    let current = true;
    loadDialog().then(
      (dialog) => current && setDialog(() => dialog),
      () => current && onClose(),
    );
    return () => {
      current = false;
    };
  }, [Dialog, onClose]);
  if (Dialog) return <Dialog {...props} />;
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300 }} aria-busy="true" data-testid={`${props.testId}-pending`}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
