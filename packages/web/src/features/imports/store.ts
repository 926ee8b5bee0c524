import type { ImportTask } from '@zhixiao/shared'
import { create } from 'zustand'

/**
 * The floating import panel's own state. Polling runs only while a task is queued or running, so an upload
 * "kicks" the panel: it polls at once and keeps polling for a short window even before the new job shows up.
 * Tasks that end while watched stay on the panel (with their counts) until closed.
 */
interface ImportPanelState {
  kickedAt: number
  /** Jobs to follow to their end: seen queued/running, or just uploaded. */
  watched: number[]
  /** Ended jobs still on the panel, newest first. */
  finished: ImportTask[]
  /** Ended jobs the user closed (the server may still list them as current). */
  dismissed: number[]
  collapsed: boolean
  /** Whose tasks these are (tenant:membership); another sign-in starts empty. */
  owner: string | null
}

export const useImportPanel = create<ImportPanelState>(() => ({
  kickedAt: 0,
  watched: [],
  finished: [],
  dismissed: [],
  collapsed: false,
  owner: null,
}))

/** How long after an upload the panel polls even though no task is running yet. */
export const KICK_WINDOW_MS = 10_000

/** Called after a successful upload: poll now, follow the new job (when the answer names it) and show the panel. */
export function kickImports(importLogId?: number | null): void {
  useImportPanel.setState((s) => ({
    kickedAt: Date.now(),
    collapsed: false,
    watched: importLogId && !s.watched.includes(importLogId) ? [...s.watched, importLogId] : s.watched,
  }))
}

/** The kick has done its job (a job showed up running, or a followed one ended): polling follows the tasks again. */
export function settleKick(): void {
  if (useImportPanel.getState().kickedAt) useImportPanel.setState({ kickedAt: 0 })
}

export function watchTasks(ids: number[]): void {
  useImportPanel.setState((s) => {
    const add = ids.filter((id) => !s.watched.includes(id))
    return add.length ? { watched: [...s.watched, ...add] } : s
  })
}

/** A watched job ended: keep its final state on the panel and stop following it. */
export function finishTask(task: ImportTask): void {
  useImportPanel.setState((s) => ({
    watched: s.watched.filter((id) => id !== task.importLogId),
    finished: [task, ...s.finished.filter((t) => t.importLogId !== task.importLogId)],
  }))
}

/** A watched job that cannot be read any more (deleted): stop following it. */
export function forgetTask(id: number): void {
  useImportPanel.setState((s) => ({ watched: s.watched.filter((w) => w !== id) }))
}

export function dismissTask(id: number): void {
  useImportPanel.setState((s) => ({
    finished: s.finished.filter((t) => t.importLogId !== id),
    dismissed: s.dismissed.includes(id) ? s.dismissed : [...s.dismissed, id],
  }))
}

export function setPanelCollapsed(collapsed: boolean): void {
  useImportPanel.setState({ collapsed })
}

/** The panel belongs to `owner` now: a different user or org than before drops the previous one's tasks. */
export function claimPanel(owner: string | null): void {
  if (useImportPanel.getState().owner !== owner)
    useImportPanel.setState({ owner, watched: [], finished: [], dismissed: [] })
}
