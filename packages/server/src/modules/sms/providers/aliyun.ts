import { createHmac, randomUUID } from 'node:crypto'
import type { SendResult, SmsMessage, SmsProvider } from './types.js'

const ALIYUN_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com/'
const TIMEOUT_MS = 10_000

export interface AliyunOptions {
  accessKeyId: string
  accessKeySecret: string
  /** Base URL; the tests point it at a local stand-in. */
  endpoint?: string | null
  /** Time and nonce sources, fixed by tests that check a signature against a known value. */
  now?: () => Date
  nonce?: () => string
}

/**
 * RFC 3986 encoding as Alibaba's RPC signature wants it: encodeURIComponent, plus the characters it leaves alone
 * that are not unreserved (! ' ( ) *).
 */
function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * Alibaba Cloud's RPC signature (signature version 1.0): the parameters but Signature, sorted by name, each name and
 * value percent-encoded and joined as a=b&c=d; the string to sign is METHOD&%2F&percentEncode(that); the signature
 * is Base64(HMAC-SHA1(secret + "&", string to sign)).
 */
export function rpcSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&')
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64')
}

/** Alibaba Cloud SMS, dysmsapi SendSms (API version 2017-05-25), by an HTTP GET with the signed query. */
export function aliyunProvider(o: AliyunOptions): SmsProvider {
  return {
    type: 'aliyun',
    async send(msg: SmsMessage): Promise<SendResult> {
      if (!msg.signName || !msg.templateCode) return { ok: false, error: '缺少短信签名或模板编号' }
      const params: Record<string, string> = {
        AccessKeyId: o.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: msg.phone,
        RegionId: 'cn-hangzhou',
        SignName: msg.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: o.nonce?.() ?? randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: msg.templateCode,
        TemplateParam: JSON.stringify(msg.params),
        // ISO 8601 in UTC without milliseconds, as the API documents.
        Timestamp: (o.now?.() ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      }
      params.Signature = rpcSignature('GET', params, o.accessKeySecret)
      const url = new URL(o.endpoint || ALIYUN_DEFAULT_ENDPOINT)
      url.search = Object.entries(params)
        .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
        .join('&')
      let body: { Code?: string; Message?: string; BizId?: string }
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
        body = (await res.json()) as typeof body
      } catch (e) {
        return { ok: false, error: `network: ${(e as Error).message}`.slice(0, 300) }
      }
      // Success is Code "OK" whatever the HTTP status; anything else carries Alibaba's error code and message.
      if (body.Code === 'OK') return { ok: true, bizId: body.BizId ?? null }
      return { ok: false, error: `${body.Code ?? 'unknown'}: ${body.Message ?? ''}`.slice(0, 300) }
    },
  }
}
