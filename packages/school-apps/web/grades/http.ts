/**
 * The grades pages' calls beyond plain JSON: the score sheet's download (a file) and upload (multipart), whose
 * refusal carries the bad rows. JSON calls go through the kit's api client.
 */
import type { ImportAnswer, ImportProblemView } from '../../src/grades/api-types.js'

const BASE = './api'

interface Envelope<T> {
  code: number
  msg: string
  data: T
}

/** Downloads the exam's template; answers the server's message on refusal. */
export async function downloadTemplate(examId: number, fallbackName: string): Promise<void> {
  const res = await fetch(`${BASE}/exams/${examId}/template`, { credentials: 'same-origin' })
  const type = res.headers.get('content-type') ?? ''
  if (!res.ok || type.includes('json')) {
    const env = (await res.json().catch(() => null)) as Envelope<null> | null
    throw new Error(env?.msg ?? '下载失败，请稍后重试')
  }
  const blob = await res.blob()
  const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1]
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = name ? decodeURIComponent(name) : fallbackName
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
}

export type ImportOutcome =
  { ok: true; answer: ImportAnswer; msg: string } | { ok: false; msg: string; problems: ImportProblemView[] }

/** Uploads a filled-in sheet. Bad rows come back as `problems` (nothing was saved). */
export async function uploadSheet(examId: number, file: File): Promise<ImportOutcome> {
  const form = new FormData()
  form.append('file', file)
  const res = await fetch(`${BASE}/exams/${examId}/import`, { method: 'POST', body: form, credentials: 'same-origin' })
  const env = (await res.json().catch(() => null)) as Envelope<
    ImportAnswer | { problems?: ImportProblemView[] } | null
  > | null
  if (!env) return { ok: false, msg: '导入失败，请稍后重试', problems: [] }
  if (env.code === 0) return { ok: true, answer: env.data as ImportAnswer, msg: env.msg }
  if (env.code === 401) window.location.href = './login'
  return { ok: false, msg: env.msg, problems: (env.data as { problems?: ImportProblemView[] } | null)?.problems ?? [] }
}
