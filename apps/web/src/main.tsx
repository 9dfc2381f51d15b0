import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { captureSignInLink } from './lib/sign-in-link';

// First of all: a sign-in link's bearer leaves the address bar and the history before anything reads or renders it.
captureSignInLink();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The modules' evaluation is one task, the router's start (its loaders: the configuration's request, the screen's
// scripts) another, and React's first render a third (scheduled by React): together they were one long task of a
// slow phone's start (decision 144).
setTimeout(() => {
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
