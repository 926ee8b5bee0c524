import { SmsErrorCode, SmsMsg, UserType } from '@zhixiao/shared'
import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aliyunProvider, rpcSignature } from '../src/modules/sms/providers/aliyun.js'
import { call, createTestApp, makePerson, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

const KEY_ID = 'LTAI5tTestKeyId'
const SECRET = 'testSecret+/=中'

/**
 * A stand-in for dysmsapi.aliyuncs.com: it recomputes the RPC signature of each request the way Alibaba's "RPC API
 * signature" document describes (its own implementation, not the product's), and answers SendSms as the API does:
 * { Code: 'OK', Message: 'OK', BizId, RequestId } or an error code with a message.
 */
interface Received {
  params: Record<string, string>
  signatureOk: boolean
}
const received: Received[] = []
let answer: 'ok' | 'limit' = 'ok'
let server: http.Server
let endpoint: string

function docEncode(s: string): string {
  // "encode with the standard library, then + → %20, * → %2A, %7E → ~" (Alibaba's own recipe).
  return encodeURIComponent(s)
    .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\*/g, '%2A')
    .replace(/%7E/g, '~')
}

function expectedSignature(params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${docEncode(k)}=${docEncode(params[k]!)}`)
    .join('&')
  const toSign = `GET&${docEncode('/')}&${docEncode(canonical)}`
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64')
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://stand-in')
    const params = Object.fromEntries(url.searchParams)
    const signatureOk = params.Signature === expectedSignature(params, SECRET)
    received.push({ params, signatureOk })
    const reply = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const requestId = `req-${received.length}`
    if (!signatureOk)
      return reply(400, {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched with our calculation.',
        RequestId: requestId,
      })
    const missing = [
      'AccessKeyId',
      'Action',
      'PhoneNumbers',
      'SignName',
      'TemplateCode',
      'Timestamp',
      'SignatureNonce',
      'Version',
    ].filter((k) => !params[k])
    if (
      missing.length ||
      params.Action !== 'SendSms' ||
      params.Version !== '2017-05-25' ||
      params.AccessKeyId !== KEY_ID
    ) {
      return reply(400, { Code: 'MissingParameter', Message: missing.join(','), RequestId: requestId })
    }
    if (answer === 'limit')
      return reply(200, {
        Code: 'isv.BUSINESS_LIMIT_CONTROL',
        Message: '触发分钟级流控Permits:1',
        RequestId: requestId,
      })
    reply(200, { Code: 'OK', Message: 'OK', BizId: `biz-${received.length}`, RequestId: requestId })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

describe('Alibaba Cloud SMS provider', () => {
  it('signs as the RPC signature document says (a fixed request gives the documented string-to-sign)', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'SendSms',
      SignatureNonce: 'n',
      Timestamp: '2026-11-01T08:00:00Z',
      TemplateParam: '{"code":"123456"}',
      SignName: '智校 测试*~',
    }
    expect(rpcSignature('GET', params, 'testsecret')).toBe(expectedSignature(params, 'testsecret'))
    // Space as %20 (not +), * as %2A, ~ kept: the canonical string the HMAC covers.
    const stringToSign = (() => {
      const canonical = Object.keys(params)
        .sort()
        .map((k) => `${docEncode(k)}=${docEncode((params as Record<string, string>)[k]!)}`)
        .join('&')
      return `GET&%2F&${docEncode(canonical)}`
    })()
    expect(stringToSign).toContain('SignName%3D%25E6%2599%25BA%25E6%25A0%25A1%2520%25E6%25B5%258B%25E8%25AF%2595%252A~')
  })

  it('sends SendSms with a signature the stand-in accepts, and reads OK and error answers', async () => {
    const p = aliyunProvider({ accessKeyId: KEY_ID, accessKeySecret: SECRET, endpoint })
    const msg = {
      phone: '13800001111',
      signName: '智校',
      templateCode: 'SMS_154950909',
      params: { code: '123456' },
      text: '验证码123456',
    }
    answer = 'ok'
    const nth = received.length + 1
    expect(await p.send(msg)).toEqual({ ok: true, bizId: `biz-${nth}` })
    const req = received.at(-1)!
    expect(req.signatureOk).toBe(true)
    expect(req.params).toMatchObject({
      PhoneNumbers: '13800001111',
      SignName: '智校',
      TemplateCode: 'SMS_154950909',
      TemplateParam: '{"code":"123456"}',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Format: 'JSON',
    })
    expect(req.params.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    answer = 'limit'
    expect(await p.send(msg)).toEqual({ ok: false, error: 'isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控Permits:1' })
    answer = 'ok'
    const wrongKey = aliyunProvider({ accessKeyId: KEY_ID, accessKeySecret: 'not-the-secret', endpoint })
    const refused = await wrongKey.send(msg)
    expect(refused.ok).toBe(false)
    expect(received.at(-1)!.signatureOk).toBe(false)
    expect(refused).toMatchObject({ error: expect.stringContaining('SignatureDoesNotMatch') })
    // A provider that cannot be reached is a failure, not a crash.
    const down = aliyunProvider({ accessKeyId: KEY_ID, accessKeySecret: SECRET, endpoint: 'http://127.0.0.1:1/' })
    expect((await down.send(msg)).ok).toBe(false)
  })
})

describe('a tenant configured for Alibaba Cloud SMS', () => {
  let t: TestApp
  let w: World
  let staff: Staff
  beforeAll(async () => {
    t = await createTestApp()
    w = await makeWorld(t)
    staff = await staffOf(t, w)
  })
  afterAll(async () => {
    await t.close()
  })

  it('sends the login code through the provider, logs it masked, and the code signs in', async () => {
    const phone = '13700002222'
    await makePerson(t, w.tenantId, {
      phone,
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    expect(
      (
        await call(t, {
          url: '/base/api/sms/config/saveOrUpdate',
          token: staff.bureauAdmin,
          body: { smsType: 'aliyun', accessKeyId: KEY_ID, accessKeySecret: SECRET, signName: '智校', endpoint },
        })
      ).code,
    ).toBe(0)
    // Without a template code for the event the provider cannot be asked.
    const noTemplate = await call(t, {
      url: '/base/api/auth/login/sms/code/sendForPhoneLogin',
      body: { phone, orgId: w.schoolId },
    })
    expect([noTemplate.code, noTemplate.msg]).toEqual([SmsErrorCode.NOT_CONFIGURED, SmsMsg.TEMPLATE_MISSING])
    expect(
      (
        await call(t, {
          url: '/base/api/sms/template/create',
          token: staff.bureauAdmin,
          body: { event: 'login', name: '登录', templateCode: 'SMS_1', content: '验证码${code}' },
        })
      ).code,
    ).toBe(0)
    t.clock.advance(61_000)
    answer = 'ok'
    const sent = await call(t, {
      url: '/base/api/auth/login/sms/code/sendForPhoneLogin',
      body: { phone, orgId: w.schoolId },
    })
    expect([sent.code, sent.msg]).toEqual([0, SmsMsg.SENT])
    const req = received.at(-1)!
    expect(req.signatureOk).toBe(true)
    expect(req.params.PhoneNumbers).toBe(phone)
    const code = (JSON.parse(req.params.TemplateParam!) as { code: string }).code
    const log = await call(t, { url: '/base/api/sms/log/page?pageSize=1', token: staff.bureauAdmin })
    expect(log.data.list[0]).toMatchObject({
      provider: 'aliyun',
      status: 'sent',
      fullTextAvailable: false,
      content: '验证码******',
    })
    const signedIn = await call(t, {
      url: '/base/api/auth/loginByPhoneSms',
      body: { phone, smsCode: code, orgId: w.schoolId },
    })
    expect(signedIn.data.operationType).toBe(5)
  })

  it('an error answer of Alibaba is a clear refusal, the failed send is logged and its code is dead', async () => {
    const phone = '13700003333'
    await makePerson(t, w.tenantId, {
      phone,
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    answer = 'limit'
    const r = await call(t, {
      url: '/base/api/auth/login/sms/code/sendForPhoneLogin',
      body: { phone, orgId: w.schoolId },
    })
    answer = 'ok'
    expect([r.code, r.msg]).toEqual([SmsErrorCode.SEND_FAILED, SmsMsg.SEND_FAILED])
    const code = (JSON.parse(received.at(-1)!.params.TemplateParam!) as { code: string }).code
    const log = await call(t, { url: '/base/api/sms/log/page?pageSize=1', token: staff.bureauAdmin })
    expect(log.data.list[0]).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('isv.BUSINESS_LIMIT_CONTROL'),
    })
    const login = await call(t, {
      url: '/base/api/auth/loginByPhoneSms',
      body: { phone, smsCode: code, orgId: w.schoolId },
    })
    expect(login.msg).toBe(SmsMsg.CODE_USED)
  })
})
