import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { captureSignInLink } from './lib/sign-in-link';

// First of all: a sign-in link's bearer leaves the address bar and the history before anything reads or renders it.
captureSignInLink();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

/** A promise kept in a later task: what follows it runs after the browser has had the main thread back. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

// The app's scripts are evaluated in three steps, each in a task of its own (decision 148): React, then the
// libraries, then the app. Evaluated at once they were one task of ~680 ms on a slow phone, which Lighthouse's
// blocking time counts nearly whole; in three it counts each less 50 ms. The page names every step's scripts as
// module preloads (vite/start-steps.ts), so their downloads still start together with this one.
void import('./boot/stage-react')
  .then(nextTask)
  .then(() => import('./boot/stage-libs'))
  .then(nextTask)
  .then(() => import('./start'))
  .then(({ start }) => start(container));
