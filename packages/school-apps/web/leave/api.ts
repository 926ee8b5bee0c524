/**
 * The leave page's calls to /leave/api through the kit's client (which shows the server's message on a refusal),
 * typed by the server's own views (type-only imports: nothing of the server side reaches the browser bundle).
 */
import { api } from '../kit/index.js'
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

const range = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`

export const leaveApi = {
  home: () => api.get<HomeView>('/home'),
  mine: () => api.get<RequestView[]>('/requests/mine'),
  pending: () => api.get<RequestView[]>('/requests/pending'),
  detail: (id: number) => api.get<RequestDetail>(`/requests/${id}`),
  /** The note as an <img> source: the browser sends the session cookie with it. */
  noteUrl: (id: number) => `/leave/api/requests/${id}/note`,
  ask: (input: AskInput) => api.post<{ id: number }>('/requests', input),
  decide: (id: number, approved: boolean, comment: string) =>
    api.post<{ status: string }>(`/requests/${id}/decide`, { approved, comment }),
  cancel: (id: number) => api.post<null>(`/requests/${id}/cancel`),
  /** The doctor's note: the server reads its type from its bytes. */
  upload: (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return api.upload<{ id: string }>('/uploads', form)
  },
  today: () => api.get<{ date: string; entries: TodayEntry[] }>('/today'),
  stats: (from: string, to: string) => api.get<LeaveStats>(`/stats?${range(from, to)}`),
  exportXlsx: (from: string, to: string) =>
    api.download(`/stats/export?${range(from, to)}`, `请假统计_${from}_${to}.xlsx`),
  settings: () => api.get<SettingsView>('/settings'),
  saveSettings: (s: {
    leaderSub: string | null
    thresholdDays: number
    heads: { departmentId: number; headSub: string | null }[]
  }) => api.post<null>('/settings', s),
}
