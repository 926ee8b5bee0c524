import { IMPORT_POLL_MS, type ImportKind, type ImportTask } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { importApi, isActive } from './api'
import { finishTask, forgetTask, KICK_WINDOW_MS, settleKick, useImportPanel, watchTasks } from './store'

const IMPORT_TASKS_KEY = ['importTasks', 'current'] as const
/** The list query group an ended import of each kind refreshes (the people pages' query keys). */
const LIST_GROUP: Record<ImportKind, string> = {
  teacher: 'teachers',
  student: 'students',
  parent: 'parents',
  roleUser: 'roles',
  intake: 'intake',
}

/**
 * The caller's import tasks, polled every IMPORT_POLL_MS (000 §4) while `enabled` (a base page is shown) and only
 * while something runs or an upload just happened. Follows every task it has seen running to its end, so the
 * panel can show the final counts even when task/current stops listing ended jobs.
 */
export function useImportTasks(enabled: boolean) {
  const qc = useQueryClient()
  const kickedAt = useImportPanel((s) => s.kickedAt)
  const watched = useImportPanel((s) => s.watched)
  const q = useQuery({
    queryKey: IMPORT_TASKS_KEY,
    queryFn: importApi.current,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some(isActive) || Date.now() - useImportPanel.getState().kickedAt < KICK_WINDOW_MS
        ? IMPORT_POLL_MS
        : false,
  })
  const { refetch, data, dataUpdatedAt } = q

  // An upload asks for a look at once (the interval may be off while nothing ran).
  useEffect(() => {
    if (enabled && kickedAt) void refetch()
  }, [enabled, kickedAt, refetch])

  const resolving = useRef(new Set<number>())
  useEffect(() => {
    if (!data) return
    const ended = (t: ImportTask) => {
      if (isActive(t)) return
      finishTask(t)
      settleKick()
      const group = LIST_GROUP[t.type as ImportKind]
      void qc.invalidateQueries({
        predicate: (k) => k.queryKey[0] === 'importLogs' || (group !== undefined && k.queryKey[0] === group),
      })
    }
    const running = data.filter(isActive)
    watchTasks(running.map((t) => t.importLogId))
    if (running.length) settleKick()
    for (const id of useImportPanel.getState().watched) {
      const t = data.find((d) => d.importLogId === id)
      if (t) {
        ended(t)
        continue
      }
      // No longer listed as current: its log entry has the final state.
      if (resolving.current.has(id)) continue
      resolving.current.add(id)
      importApi
        .detail(id)
        .then(ended, () => forgetTask(id))
        .finally(() => resolving.current.delete(id))
    }
    // dataUpdatedAt: every answer, even one equal to the last (structural sharing keeps `data` the same object).
  }, [data, dataUpdatedAt, watched, qc])

  return { tasks: data ?? [], refetch }
}
