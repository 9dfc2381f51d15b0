import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the app. The api-client already reports every failure, so automatic retries
 * would only repeat the same snackbar.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
