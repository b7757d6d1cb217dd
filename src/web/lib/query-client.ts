import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * One client per page: the form and the list on /phishing-reports are separate React roots
 * but must share a cache so a submit can refresh the list.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change on retry; one quick retry smooths over a dropped connection.
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      retryDelay: 800,
    },
    mutations: { retry: false },
  },
});
