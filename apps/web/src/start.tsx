import { StrictMode, startTransition } from 'react';
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
    const root = createRoot(container);
    // The first render as a transition: React renders it in slices of a few milliseconds, giving the main thread
    // back between them, instead of one task as long as the whole tree (decision 158).
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    );
  });
}
