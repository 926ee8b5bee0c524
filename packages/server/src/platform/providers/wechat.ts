import { createHash } from 'node:crypto'

/**
 * WeChat official-account API (developers.weixin.qq.com, 公众号 "获取Access token", "模板消息", "网页授权"):
 * - GET  cgi-bin/token?grant_type=client_credential&appid=&secret=  → { access_token, expires_in } or { errcode, errmsg }
 * - POST cgi-bin/message/template/send?access_token=  { touser, template_id, url?, data: { key: { value } } } → { errcode, errmsg, msgid }
 * - GET  sns/oauth2/access_token?appid=&secret=&code=&grant_type=authorization_code → { openid, … } or { errcode, errmsg }
 * - POST wxa/business/getuserphonenumber?access_token=  { code } → { errcode, phone_info: { purePhoneNumber, … } } (小程序 手机号快速验证;
 *   the mini-program's token comes from the same cgi-bin/token with its own appid and secret)
 * Access tokens are cached per app id until shortly before expiry; a token WeChat reports invalid (40001, 40014,
 * 42001) is dropped and fetched once more, as the documentation advises.
 */
const WECHAT_API_BASE = 'https://api.weixin.qq.com/'
const TIMEOUT_MS = 10_000
/** Refresh this long before WeChat's expiry, so a token never expires in flight. */
const EARLY_MS = 5 * 60_000
const TOKEN_ERRORS = new Set([40001, 40014, 42001])

interface WechatApp {
  appId: string
  appSecret: string
  apiBase?: string | null
}
interface TemplateMessage {
  openid: string
  templateId: string
  url?: string
  data: Record<string, string>
}
type WechatResult = { ok: true; msgid: string | null } | { ok: false; error: string }

/** Pushes a template message to one follower of an official account, and reads an openid from a web-authorisation code. */
export interface WechatProvider {
  sendTemplate(app: WechatApp, msg: TemplateMessage): Promise<WechatResult>
  openidOf(app: WechatApp, code: string): Promise<string | null>
  /** A mini-program user's phone number from the code of its getPhoneNumber button, or null. */
  phoneOf(app: WechatApp, code: string): Promise<string | null>
}

type WxAnswer = {
  errcode?: number
  errmsg?: string
  access_token?: string
  expires_in?: number
  openid?: string
  msgid?: number | string
  phone_info?: { purePhoneNumber?: string }
}

async function call(url: URL, init?: RequestInit): Promise<WxAnswer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  if (!res.ok) return { errcode: -1, errmsg: `HTTP ${res.status}` }
  return (await res.json()) as WxAnswer
}

export function wechatProvider(now: () => number = Date.now): WechatProvider {
  const tokens = new Map<string, { token: string; until: number }>()
  const base = (app: WechatApp) => app.apiBase || WECHAT_API_BASE
  // A changed secret starts over: the token of the old one may be revoked.
  const key = (app: WechatApp) =>
    `${base(app)}|${app.appId}|${createHash('sha256').update(app.appSecret).digest('hex').slice(0, 16)}`

  async function token(app: WechatApp): Promise<string | { error: string }> {
    const cached = tokens.get(key(app))
    if (cached && cached.until > now()) return cached.token
    const url = new URL('cgi-bin/token', base(app))
    url.search = new URLSearchParams({
      grant_type: 'client_credential',
      appid: app.appId,
      secret: app.appSecret,
    }).toString()
    const a = await call(url)
    if (!a.access_token) return { error: `token ${a.errcode ?? ''} ${a.errmsg ?? ''}`.trim() }
    tokens.set(key(app), {
      token: a.access_token,
      until: now() + Math.max(0, (a.expires_in ?? 7200) * 1000 - EARLY_MS),
    })
    return a.access_token
  }

  async function send(app: WechatApp, msg: TemplateMessage, retry: boolean): Promise<WechatResult> {
    const t = await token(app)
    if (typeof t !== 'string') return { ok: false, error: t.error }
    const url = new URL('cgi-bin/message/template/send', base(app))
    url.search = new URLSearchParams({ access_token: t }).toString()
    const data = Object.fromEntries(Object.entries(msg.data).map(([k, value]) => [k, { value }]))
    const a = await call(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        touser: msg.openid,
        template_id: msg.templateId,
        ...(msg.url ? { url: msg.url } : {}),
        data,
      }),
    })
    if (a.errcode === 0) return { ok: true, msgid: a.msgid === undefined ? null : String(a.msgid) }
    if (retry && a.errcode !== undefined && TOKEN_ERRORS.has(a.errcode)) {
      tokens.delete(key(app))
      return send(app, msg, false)
    }
    return { ok: false, error: `${a.errcode ?? ''} ${a.errmsg ?? ''}`.trim() }
  }

  return {
    async sendTemplate(app, msg) {
      try {
        return await send(app, msg, true)
      } catch (e) {
        return { ok: false, error: (e as Error).message }
      }
    },
    async openidOf(app, code) {
      const url = new URL('sns/oauth2/access_token', base(app))
      url.search = new URLSearchParams({
        appid: app.appId,
        secret: app.appSecret,
        code,
        grant_type: 'authorization_code',
      }).toString()
      try {
        return (await call(url)).openid ?? null
      } catch {
        return null
      }
    },
    async phoneOf(app, code) {
      try {
        const t = await token(app)
        if (typeof t !== 'string') return null
        const url = new URL('wxa/business/getuserphonenumber', base(app))
        url.search = new URLSearchParams({ access_token: t }).toString()
        const a = await call(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ code }),
        })
        return a.errcode === 0 ? (a.phone_info?.purePhoneNumber ?? null) : null
      } catch {
        return null
      }
    },
  }
}
