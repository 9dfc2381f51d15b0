import { Notifications } from '@mantine/notifications';
import { SNACKBAR_CLOSE_ANIMATION_MS } from '@portal/contracts';
import { SNACKBAR_POSITION } from '@/lib/snackbar';

/** Mantine's snackbar stack, as the portal shows it (spec section 8): top centre, at most five at once. */
export default function SnackbarStack() {
  return <Notifications position={SNACKBAR_POSITION} transitionDuration={SNACKBAR_CLOSE_ANIMATION_MS} limit={5} />;
}
