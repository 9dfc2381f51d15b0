import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The stack that draws snackbars (Mantine's Notifications, with its transitions and swipe-to-dismiss) is loaded with
// the first snackbar, not with every page: most page loads show none (decision 061). The store that snackbars are
// posted to (lib/snackbar.ts) is small and always there, so nothing posted before the stack arrives is lost.
const SnackbarStack = lazy(() => import('./snackbar-host.impl'));

/** Where snackbars appear ("always available", spec section 2): drawn once the first one is posted, then kept. */
export function SnackbarHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarStack />
    </Suspense>
  );
}
