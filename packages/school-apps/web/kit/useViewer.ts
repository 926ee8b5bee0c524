import { useQuery } from '@tanstack/react-query'
import { api } from './api.js'
import type { Viewer } from './types.js'

/** Who is signed in (GET /<key>/api/me); an ApiError with code 401 when nobody is. */
export function useViewer() {
  return useQuery({ queryKey: ['me'], queryFn: () => api.me<Viewer>(), staleTime: 5 * 60_000, retry: false })
}
