/**
 * Rules every piece of input obeys, decided once here: which characters a string may hold and which addresses a
 * stored link may point at. The schemas get them through ./z.ts (z.string, z.line, z.link); the server
 * applies hasIllegalChars to every request as a safety net (docs/api-auth.md, "Input rules").
 */

export const InputMsg = {
  /** NUL (PostgreSQL cannot store it) or half of a UTF-16 surrogate pair (not a character at all). */
  ILLEGAL_CHARS: '输入包含非法字符',
  /** A one-line value (a name, a title, a code) holding a line break, a tab or another control character. */
  CONTROL_CHARS: '名称、标题等单行内容不能包含换行、制表符等控制字符',
  LINK: '链接必须以 http:// 或 https:// 开头，或是以 / 开头的本站地址',
  HTTP_LINK: '地址必须以 http:// 或 https:// 开头',
  PATH_LINK: '路由必须以 / 开头',
  ENDPOINT_LINK: '服务地址必须以 https:// 开头',
  NUMBER_RANGE: '数值超出范围',
  TOO_LONG: '输入内容过长',
} as const

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
// String.prototype.isWellFormed (ES2024) answers the same question natively, far faster on long strings.
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/

/** True when a string holds NUL or a lone surrogate: refused in every field of every request. */
export const hasIllegalChars = (s: string): boolean =>
  s.includes('\u0000') || (isWellFormed ? !isWellFormed.call(s) : LONE_SURROGATE.test(s))
/** True when a string holds a C0 control character or DEL (line breaks and tabs included). */
export const hasControlChars = (s: string): boolean => CONTROL.test(s)

/**
 * What a stored address may point at:
 * - 'web': an http(s) URL, a path on this site (/x, not //x or /\x, which browsers read as another host) or a
 *   hash route (#/x) — what a user clicks in the portal (footer, header links, banners, menu targets);
 * - 'http': an absolute http(s) URL only (icons, videos, an external site);
 * - 'path': a path on this site only (an in-portal route);
 * - 'endpoint': a provider's address the server calls or sends people to sign in at (an SMS gateway, an OpenID
 *   issuer, DingTalk and WeCom hosts): https only, or http to this machine's loopback, which the server accepts only
 *   when ALLOW_LOOPBACK_PROVIDERS=1 says a local stand-in is meant (tests; docs/auth.md).
 * Never javascript:, data:, vbscript: or any other scheme: the check is an allow-list of prefixes, so tricks such
 * as "java\tscript:" or entity-encoded schemes cannot match.
 */
export type LinkKind = 'web' | 'http' | 'path' | 'endpoint'

export function isSafeLink(v: string, kind: LinkKind = 'web'): boolean {
  const http = /^https?:\/\/[^\s/\\]/i.test(v)
  const path = v.startsWith('/') && !/^\/[/\\]/.test(v)
  if (kind === 'http') return http
  if (kind === 'path') return path
  if (kind === 'endpoint') return /^https:\/\/[^\s/\\]/i.test(v) || isLoopbackHttp(v)
  return http || path || v.startsWith('#')
}

export const LINK_MSG: Record<LinkKind, string> = {
  web: InputMsg.LINK,
  http: InputMsg.HTTP_LINK,
  path: InputMsg.PATH_LINK,
  endpoint: InputMsg.ENDPOINT_LINK,
}

/** An http address on this machine (localhost, 127.0.0.1, [::1]): a provider's local stand-in. */
export function isLoopbackHttp(v: string): boolean {
  try {
    const u = new URL(v)
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname)
  } catch {
    return false
  }
}
