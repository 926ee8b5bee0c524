import { createHash } from 'node:crypto'

/**
 * DingTalk work notices (open.dingtalk.com, 企业内部应用 "发送工作通知", "使用模板发送工作通知消息", "根据手机号查询用户"):
 * - GET  gettoken?appkey=&appsecret=  → { errcode, access_token, expires_in }
 * - POST topapi/v2/user/getbymobile?access_token=  { mobile } → { errcode, result: { userid } }
 * - POST topapi/message/corpconversation/asyncsend_v2?access_token=  { agent_id, userid_list, msg: { msgtype, … } } → { errcode, task_id }
 * - POST topapi/message/corpconversation/sendbytemplate?access_token=  { agent_id, template_id, userid_list, data } → { errcode, result: { task_id } }
 * - POST topapi/v2/user/getuserinfo?access_token=  { code } → { errcode, result: { userid } } (免登: a mini-program's authCode)
 * - POST topapi/v2/user/get?access_token=  { userid } → { errcode, result: { mobile } }
 * Tokens are cached per app until shortly before expiry; a token DingTalk reports invalid (40014, 42001, 88) is
 * dropped and fetched once more. Userids are looked up by the recipient's phone, since the portal and the school's
 * DingTalk organisation share phone numbers and nothing else.
 */
const DINGTALK_API_BASE = 'https://oapi.dingtalk.com/'
const TIMEOUT_MS = 10_000
/** Refresh this long before DingTalk's expiry, so a token never expires in flight. */
const EARLY_MS = 5 * 60_000
const TOKEN_ERRORS = new Set([40014, 42001, 88])

interface DingtalkApp {
  appKey: string
  appSecret: string
  agentId: string
  apiBase?: string | null
}
type DingtalkKey = Omit<DingtalkApp, 'agentId'>
/** One work notice to the DingTalk user with this phone: the app's template when templateId is set, else a text notice. */
interface WorkNotice {
  mobile: string
  templateId?: string | null
  title: string
  content: string
  data: Record<string, string>
}
type DingtalkResult = { ok: true; taskId: string | null } | { ok: false; error: string }

export interface DingtalkProvider {
  sendWorkNotice(app: DingtalkApp, notice: WorkNotice): Promise<DingtalkResult>
  /** The phone of the DingTalk user a mini-program's authCode (免登) names, or null. */
  mobileOf(app: Omit<DingtalkApp, 'agentId'>, authCode: string): Promise<string | null>
}

type DdAnswer = {
  errcode?: number
  errmsg?: string
  access_token?: string
  expires_in?: number
  task_id?: number | string
  result?: { userid?: string; task_id?: number | string; mobile?: string }
}

async function call(url: URL, body?: unknown): Promise<DdAnswer> {
  const res = await fetch(url, {
    ...(body === undefined
      ? {}
      : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!res.ok) return { errcode: -1, errmsg: `HTTP ${res.status}` }
  return (await res.json()) as DdAnswer
}

export function dingtalkProvider(now: () => number = Date.now): DingtalkProvider {
  const tokens = new Map<string, { token: string; until: number }>()
  const base = (app: DingtalkKey) => app.apiBase || DINGTALK_API_BASE
  // A changed secret starts over: the token of the old one may be revoked.
  const key = (app: DingtalkKey) =>
    `${base(app)}|${app.appKey}|${createHash('sha256').update(app.appSecret).digest('hex').slice(0, 16)}`
  const at = (app: DingtalkKey, path: string, token: string) => {
    const url = new URL(path, base(app))
    url.search = new URLSearchParams({ access_token: token }).toString()
    return url
  }
  const failed = (a: DdAnswer, what: string) => ({
    ok: false as const,
    error: `${what} ${a.errcode ?? ''} ${a.errmsg ?? ''}`.trim(),
  })

  async function token(app: DingtalkKey): Promise<string | { error: string }> {
    const cached = tokens.get(key(app))
    if (cached && cached.until > now()) return cached.token
    const url = new URL('gettoken', base(app))
    url.search = new URLSearchParams({ appkey: app.appKey, appsecret: app.appSecret }).toString()
    const a = await call(url)
    if (a.errcode !== 0 || !a.access_token) return { error: `token ${a.errcode ?? ''} ${a.errmsg ?? ''}`.trim() }
    tokens.set(key(app), {
      token: a.access_token,
      until: now() + Math.max(0, (a.expires_in ?? 7200) * 1000 - EARLY_MS),
    })
    return a.access_token
  }

  async function send(app: DingtalkApp, n: WorkNotice, retry: boolean): Promise<DingtalkResult> {
    const t = await token(app)
    if (typeof t !== 'string') return { ok: false, error: t.error }
    const again = (a: DdAnswer) => retry && a.errcode !== undefined && TOKEN_ERRORS.has(a.errcode)
    const who = await call(at(app, 'topapi/v2/user/getbymobile', t), { mobile: n.mobile })
    if (again(who)) {
      tokens.delete(key(app))
      return send(app, n, false)
    }
    const userid = who.errcode === 0 ? who.result?.userid : undefined
    if (!userid) return failed(who, 'getbymobile')
    const agentId = Number(app.agentId)
    const a = n.templateId
      ? await call(at(app, 'topapi/message/corpconversation/sendbytemplate', t), {
          agent_id: agentId,
          template_id: n.templateId,
          userid_list: userid,
          data: JSON.stringify(n.data),
        })
      : await call(at(app, 'topapi/message/corpconversation/asyncsend_v2', t), {
          agent_id: agentId,
          userid_list: userid,
          msg: { msgtype: 'text', text: { content: n.title ? `${n.title}\n${n.content}` : n.content } },
        })
    if (a.errcode === 0) return { ok: true, taskId: String(a.task_id ?? a.result?.task_id ?? '') || null }
    if (again(a)) {
      tokens.delete(key(app))
      return send(app, n, false)
    }
    return failed(a, 'send')
  }

  return {
    async sendWorkNotice(app, n) {
      try {
        return await send(app, n, true)
      } catch (e) {
        return { ok: false, error: (e as Error).message }
      }
    },
    async mobileOf(app, authCode) {
      try {
        const t = await token(app)
        if (typeof t !== 'string') return null
        const who = await call(at(app, 'topapi/v2/user/getuserinfo', t), { code: authCode })
        const userid = who.errcode === 0 ? who.result?.userid : undefined
        if (!userid) return null
        const u = await call(at(app, 'topapi/v2/user/get', t), { userid })
        return u.errcode === 0 ? (u.result?.mobile ?? null) : null
      } catch {
        return null
      }
    },
  }
}
