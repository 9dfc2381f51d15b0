import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

/**
 * The app's start, the last of the entry's steps (main.tsx). The modules' evaluation is one task, the router's start
 * (its loaders: the configuration's request, the screen's scripts) another, and React's first render a third
 * (scheduled by React): together they were one long task of a slow phone's start (decision 144).
 */
export function start(container: HTMLElement): void {
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
}
