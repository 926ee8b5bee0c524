import { redDotContracts as R, type RedDot, type RedDotAnswer, type RedDotTarget } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { call } from '../../api/call'
import { queryClient } from '../../api/query-client'
import { getToken } from '../../stores/token'

/** The query of the signed-in member's dots (GET /base/api/redot/counts). */
export const RED_DOTS_KEY = 'redDots'
const EMPTY: RedDotAnswer = { enabled: false, maxCount: 99, dots: [] }

const redDotApi = {
  counts: () => call(R.counts, undefined, { showError: false, loginRedirect: false }),
  open: (t: RedDotTarget) => call(R.open, t, { showError: false, loginRedirect: false }),
}

const same = (d: RedDot, kind: RedDotTarget['kind'], key: string) => d.kind === kind && d.key === key

/**
 * The member opened an app or a header entry: its manual mark (dot or 新) goes at once, and the server records it
 * so it stays gone (POST /base/api/redot/open). Counts stay: they fall when the work behind them is done.
 */
export function clearRedDot(kind: RedDotTarget['kind'], key: string | null | undefined): void {
  if (!key) return
  const cached = queryClient.getQueryData<RedDotAnswer>([RED_DOTS_KEY])
  const mark = cached?.dots.find((d) => same(d, kind, key) && (d.dot || d.label))
  if (!cached || !mark) return
  queryClient.setQueryData<RedDotAnswer>([RED_DOTS_KEY], {
    ...cached,
    dots: cached.dots.flatMap((d) =>
      same(d, kind, key) ? (d.count > 0 ? [{ ...d, dot: false, label: null }] : []) : [d],
    ),
  })
  void redDotApi
    .open({ kind, key })
    .catch(() => undefined)
    .finally(() => void queryClient.invalidateQueries({ queryKey: [RED_DOTS_KEY] }))
}

export interface RedDots {
  /** The dot of one target, if any. */
  dotOf: (kind: RedDotTarget['kind'], key: string | null | undefined) => RedDot | undefined
  /** Whether any app of the list has a dot (the launcher button shows a dot then). */
  anyApp: (keys?: readonly string[]) => boolean
  maxCount: number
  clear: (kind: RedDotTarget['kind'], key: string | null | undefined) => void
}

/**
 * The red dots of the signed-in member, for the PC header, the launcher, 常用 and the mobile portal alike.
 * Refreshed every minute and when the window regains focus; signed out there are none.
 */
export function useRedDots(): RedDots {
  const signedIn = !!getToken()
  const q = useQuery({
    queryKey: [RED_DOTS_KEY],
    queryFn: redDotApi.counts,
    enabled: signedIn,
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  })
  const data = (signedIn ? q.data : undefined) ?? EMPTY
  const dotOf = useCallback(
    (kind: RedDotTarget['kind'], key: string | null | undefined) =>
      key ? data.dots.find((d) => same(d, kind, key)) : undefined,
    [data],
  )
  const anyApp = useCallback(
    (keys?: readonly string[]) => data.dots.some((d) => d.kind === 'app' && (!keys || keys.includes(d.key))),
    [data],
  )
  return { dotOf, anyApp, maxCount: data.maxCount, clear: clearRedDot }
}
