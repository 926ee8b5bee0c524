import { QueryClient } from '@tanstack/react-query'

/**
 * The one TanStack Query cache. No automatic retries: the HTTP client already shows the spec's message for a
 * failed call, and a retry would show it again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
})
