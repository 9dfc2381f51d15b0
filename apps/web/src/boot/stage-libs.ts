/**
 * The entry's second step (main.tsx, decision 148): the libraries of the app's start (Mantine, the router, TanStack
 * Query, i18next), evaluated in a task of their own, after React's and before the app's own modules. The chunk holds
 * every module of those libraries that the start uses (vite.config.ts, `stages`); what is named here only gives the
 * step a module to import.
 */
export { MantineProvider } from '@mantine/core';
export { QueryClientProvider } from '@tanstack/react-query';
export { default as i18next } from 'i18next';
export { I18nextProvider } from 'react-i18next';
export { createBrowserRouter } from 'react-router';
export { RouterProvider } from 'react-router/dom';
