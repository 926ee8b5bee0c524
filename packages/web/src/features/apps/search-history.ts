import { SEARCH_HISTORY_MAX, type AppRow } from '@zhixiao/shared'
import { useCallback, useEffect, useRef, useState } from 'react'

/** One remembered app (001 §3 search history). */
export interface HistoryItem {
  appId: number
  uniqueId: string
  name: string
}

const keyOf = (userId: number) => `zx_app_search_history_${userId}`

function readHistory(userId: number): HistoryItem[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]')
    return Array.isArray(raw)
      ? (raw as HistoryItem[])
          .filter((h) => typeof h?.appId === 'number' && typeof h.name === 'string')
          .slice(0, SEARCH_HISTORY_MAX)
      : []
  } catch {
    return []
  }
}

/** The latest app moves to the front, at most 4 are kept (001 §4). */
function pushHistory(list: HistoryItem[], app: Pick<AppRow, 'appId' | 'uniqueId' | 'name'>): HistoryItem[] {
  return [
    { appId: app.appId, uniqueId: app.uniqueId, name: app.name },
    ...list.filter((h) => h.appId !== app.appId),
  ].slice(0, SEARCH_HISTORY_MAX)
}

/** Search history per user id in local storage, saved on page unload and on teardown (001 §4). */
export function useSearchHistory(userId: number | undefined) {
  const [items, setItems] = useState<HistoryItem[]>(() => (userId ? readHistory(userId) : []))
  // The list as last changed, for the unload and teardown saves (which run outside a render).
  const latest = useRef(items)
  const loadedFor = useRef(userId)
  useEffect(() => {
    if (!userId) return
    // The user became known after mount: read their list before any save could overwrite it.
    if (loadedFor.current !== userId) {
      loadedFor.current = userId
      latest.current = readHistory(userId)
      setItems(latest.current)
    }
    const save = () => localStorage.setItem(keyOf(userId), JSON.stringify(latest.current))
    window.addEventListener('beforeunload', save)
    return () => {
      window.removeEventListener('beforeunload', save)
      save()
    }
  }, [userId])
  const remember = useCallback((app: Pick<AppRow, 'appId' | 'uniqueId' | 'name'>) => {
    latest.current = pushHistory(latest.current, app)
    setItems(latest.current)
  }, [])
  return { items, remember }
}
