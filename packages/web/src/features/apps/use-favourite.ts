import type { AppRow } from '@zhixiao/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { AppKeys, appsApi } from './api'

/** Star toggle, per-item remove and 清空: each refreshes the groups (hasCollect) and 常用 (001 §4 Favourites). */
export function useFavourites() {
  const qc = useQueryClient()
  const refresh = useCallback(async () => {
    await qc.invalidateQueries({
      predicate: (q) => q.queryKey[0] === AppKeys.groups || q.queryKey[0] === AppKeys.often,
    })
  }, [qc])
  const run = useCallback(
    async (fn: () => Promise<unknown>) => {
      try {
        await fn()
      } catch {
        /* the client already showed the message */
      }
      await refresh()
    },
    [refresh],
  )
  return {
    toggle: (app: Pick<AppRow, 'appId' | 'hasCollect'>) =>
      run(() => (app.hasCollect ? appsApi.removeOften(app.appId) : appsApi.addOften(app.appId))),
    remove: (appId: number) => run(() => appsApi.removeOften(appId)),
    clear: () => run(() => appsApi.clearOften()),
  }
}
