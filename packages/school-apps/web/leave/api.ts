/**
 * The leave page's calls to /leave/api, typed by the server's own views (type-only imports: nothing of the server
 * side reaches the browser bundle).
 */
import type { LeaveStats } from '../../src/leave/rules.js'
import type { HomeView, RequestDetail, RequestView, SettingsView, TodayEntry } from '../../src/leave/service.js'

export type { HomeView, LeaveStats, RequestDetail, RequestView, SettingsView, TodayEntry }
export type Half = 'am' | 'pm'
export type LeaveType = 'sick' | 'personal' | 'other'

export interface AskInput {
  childSub?: string
  startDate: string
  startHalf: Half
  endDate: string
  endHalf: Half
  type: LeaveType
  reason: string
  noteId?: string
}

/** The API's base, next to the page (/leave/ → /leave/api/). */
export const apiBase = new URL('api/', new URL('.', location.href)).pathname

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(apiBase + path, { credentials: 'same-origin', ...init })
  const body = (await res.json().catch(() => null)) as { code: number; msg: string; data: T } | null
  if (!body) throw new ApiError(res.status, `请求失败（${res.status}）`)
  if (body.code !== 0 && body.code !== 200) throw new ApiError(body.code, body.msg || '请求失败')
  return body.data
}
const get = <T>(path: string) => call<T>(path)
const post = <T>(path: string, body: unknown) =>
  call<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

export const leaveApi = {
  home: () => get<HomeView>('home'),
  mine: () => get<RequestView[]>('requests/mine'),
  pending: () => get<RequestView[]>('requests/pending'),
  detail: (id: number) => get<RequestDetail>(`requests/${id}`),
  noteUrl: (id: number) => `${apiBase}requests/${id}/note`,
  ask: (input: AskInput) => post<{ id: number }>('requests', input),
  decide: (id: number, approved: boolean, comment: string) =>
    post<{ status: string }>(`requests/${id}/decide`, { approved, comment }),
  cancel: (id: number) => post<null>(`requests/${id}/cancel`, {}),
  /** The note's bytes as they are: the server reads the type from them. */
  upload: (file: Blob) =>
    call<{ id: string }>('uploads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: file,
    }),
  today: () => get<{ date: string; entries: TodayEntry[] }>('today'),
  stats: (from: string, to: string) => get<LeaveStats>(`stats?from=${from}&to=${to}`),
  exportUrl: (from: string, to: string) => `${apiBase}stats/export?from=${from}&to=${to}`,
  settings: () => get<SettingsView>('settings'),
  saveSettings: (s: {
    leaderSub: string | null
    thresholdDays: number
    heads: { departmentId: number; headSub: string | null }[]
  }) => post<null>('settings', s),
}
