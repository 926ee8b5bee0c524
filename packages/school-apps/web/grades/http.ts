/**
 * The score sheet's upload: unlike the kit's api.upload, a refusal here carries the bad rows in `data.problems`,
 * which the page lists (the kit's client keeps only the message).
 */
import type { ImportAnswer, ImportProblemView } from '../../src/grades/api-types.js'
import { goSignIn } from '../kit/api.js'
import { appKey } from '../kit/index.js'

export type ImportOutcome =
  { ok: true; answer: ImportAnswer; msg: string } | { ok: false; msg: string; problems: ImportProblemView[] }

/** Uploads a filled-in sheet. Bad rows come back as `problems` (nothing was saved then). */
export async function uploadSheet(examId: number, file: File): Promise<ImportOutcome> {
  const form = new FormData()
  form.append('file', file)
  let res: Response
  try {
    res = await fetch(`/${appKey()}/api/exams/${examId}/import`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    })
  } catch {
    return { ok: false, msg: '网络连接失败，请检查网络后重试', problems: [] }
  }
  if (res.status === 401) {
    goSignIn()
    return { ok: false, msg: '请先登录', problems: [] }
  }
  const env = (await res.json().catch(() => null)) as {
    code: number
    msg: string
    data: ImportAnswer | { problems?: ImportProblemView[] } | null
  } | null
  if (!env)
    return {
      ok: false,
      msg: res.status === 413 ? '文件超过 5 MB，请删减后重新上传' : '导入失败，请稍后重试',
      problems: [],
    }
  if (env.code === 0) return { ok: true, answer: env.data as ImportAnswer, msg: env.msg }
  return { ok: false, msg: env.msg, problems: (env.data as { problems?: ImportProblemView[] } | null)?.problems ?? [] }
}
