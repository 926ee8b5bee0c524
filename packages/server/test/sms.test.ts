import { SmsErrorCode, SmsMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../src/platform/errors.js'
import { checkCode, sendCode } from '../src/modules/sms/codes.js'
import {
  call,
  createTestApp,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'
import { latestCode, otherCode, superAdminToken } from './sms-helpers.js'

let t: TestApp
let w: World
let staff: Staff
let other: World
let phoneSeq = 0
const newPhone = () => `1380000${String(++phoneSeq).padStart(4, '0')}`

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  throw new Error('expected a refusal')
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  other = await makeWorld(t)
  staff = await staffOf(t, w)
})
afterAll(async () => {
  await t.close()
})

describe('codes: sendCode / checkCode on the fake clock', () => {
  it('a code is 6 digits, stored hashed, valid for 5 minutes and single use', async () => {
    const phone = newPhone()
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.0.0.1' })
    const code = await latestCode(t, w.tenantId)
    expect(code).toMatch(/^\d{6}$/)
    const stored = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('sms_code').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow(),
    )
    expect(stored.code_hash).not.toContain(code)
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`)
    // Checking without consuming leaves it usable; consuming spends it; a reuse is refused as used.
    await checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', code, consume: false })
    await checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', code, consume: true })
    const reused = await refusal(checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', code, consume: true }))
    expect([reused.code, reused.message]).toEqual([SmsErrorCode.CODE_USED, SmsMsg.CODE_USED])
  })

  it('expires after 5 minutes', async () => {
    const phone = newPhone()
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.0.0.2' })
    const code = await latestCode(t, w.tenantId)
    t.clock.advance(5 * 60 * 1000 - 1000)
    await checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', code, consume: false })
    t.clock.advance(1000)
    const e = await refusal(checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', code, consume: true }))
    expect([e.code, e.message]).toEqual([SmsErrorCode.CODE_EXPIRED, SmsMsg.CODE_EXPIRED])
  })

  it('dies after 5 wrong tries, even for the right code', async () => {
    const phone = newPhone()
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'reset_password', ip: '10.0.0.3' })
    const code = await latestCode(t, w.tenantId)
    for (let i = 1; i <= 4; i++) {
      const e = await refusal(
        checkCode(t.ctx, {
          tenantId: w.tenantId,
          phone,
          event: 'reset_password',
          code: otherCode(code),
          consume: true,
        }),
      )
      expect(e.message).toBe(SmsMsg.CODE_WRONG)
    }
    const fifth = await refusal(
      checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'reset_password', code: otherCode(code), consume: true }),
    )
    expect([fifth.code, fifth.message]).toEqual([SmsErrorCode.CODE_TOO_MANY_TRIES, SmsMsg.CODE_TOO_MANY_TRIES])
    const right = await refusal(
      checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'reset_password', code, consume: true }),
    )
    expect(right.message).toBe(SmsMsg.CODE_TOO_MANY_TRIES)
  })

  it('a code is bound to its event, its tenant and the latest send', async () => {
    const phone = newPhone()
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.0.0.4' })
    const first = await latestCode(t, w.tenantId)
    expect(
      (await refusal(checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'signup', code: first, consume: false })))
        .message,
    ).toBe(SmsMsg.CODE_WRONG)
    expect(
      (
        await refusal(
          checkCode(t.ctx, { tenantId: other.tenantId, phone, event: 'login', code: first, consume: false }),
        )
      ).message,
    ).toBe(SmsMsg.CODE_WRONG)
    t.clock.advance(61_000)
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.0.0.4' })
    const second = await latestCode(t, w.tenantId)
    if (second !== first) {
      expect(
        (await refusal(checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', code: first, consume: false })))
          .message,
      ).toBe(SmsMsg.CODE_WRONG)
    }
    await checkCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', code: second, consume: true })
  })

  it('one send per phone per 60 s, at most 10 a day (China time), counted across events', async () => {
    const phone = newPhone()
    // 2026-11-01T08:00Z plus the earlier advances: start from the next local midnight (16:00Z) for a clean day.
    const now = +t.clock.now()
    const nextMidnightCst = Math.ceil((now + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000
    t.clock.advance(nextMidnightCst - now + 1000)
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.1.0.1' })
    const tooSoon = await refusal(
      sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'reset_password', ip: '10.1.0.2' }),
    )
    expect([tooSoon.code, tooSoon.message]).toEqual([SmsErrorCode.SEND_TOO_OFTEN, SmsMsg.SEND_TOO_OFTEN])
    t.clock.advance(59_000)
    expect((await refusal(sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.1.0.3' }))).code).toBe(
      SmsErrorCode.SEND_TOO_OFTEN,
    )
    t.clock.advance(1000)
    for (let i = 2; i <= 10; i++) {
      await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: `10.1.1.${i}` })
      t.clock.advance(60_000)
    }
    const day = await refusal(sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.1.2.1' }))
    expect([day.code, day.message]).toEqual([SmsErrorCode.SEND_DAY_LIMIT, SmsMsg.SEND_DAY_LIMIT])
    // The same phone in another tenant has its own allowance.
    await sendCode(t.ctx, { tenantId: other.tenantId, phone, event: 'login', ip: '10.1.2.2' })
    // The next local day opens a new allowance.
    t.clock.advance(24 * 3600_000)
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.1.2.3' })
  })

  it('one client address gets at most 20 codes an hour, across phones', async () => {
    for (let i = 0; i < 20; i++)
      await sendCode(t.ctx, { tenantId: w.tenantId, phone: newPhone(), event: 'login', ip: '10.2.0.1' })
    const e = await refusal(
      sendCode(t.ctx, { tenantId: w.tenantId, phone: newPhone(), event: 'login', ip: '10.2.0.1' }),
    )
    expect([e.code, e.message]).toEqual([SmsErrorCode.SEND_IP_LIMIT, SmsMsg.SEND_IP_LIMIT])
    // The refusal took nothing from the phone it named: another address may send to it at once.
    const phone = newPhone()
    expect((await refusal(sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.2.0.1' }))).code).toBe(
      SmsErrorCode.SEND_IP_LIMIT,
    )
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.2.0.2' })
    t.clock.advance(3600_000)
    await sendCode(t.ctx, { tenantId: w.tenantId, phone: newPhone(), event: 'login', ip: '10.2.0.1' })
  })
})

describe('/base/api/sms/config, template and log', () => {
  it('needs sc_menhu_sms_config: a teacher is refused, an admin gets the outbox default', async () => {
    expect((await call(t, { url: '/base/api/sms/config/getCurrentConfig', token: staff.teacher })).status).toBe(403)
    expect((await call(t, { url: '/base/api/sms/log/page', token: staff.teacher })).status).toBe(403)
    expect((await call(t, { url: '/base/api/sms/template/queryPage', token: staff.teacher })).status).toBe(403)
    expect(
      (await call(t, { url: '/base/api/sms/config/removeConfig', method: 'POST', token: staff.teacher })).status,
    ).toBe(403)
    const cfg = await call(t, { url: '/base/api/sms/config/getCurrentConfig', token: staff.bureauAdmin })
    expect(cfg.data).toMatchObject({ smsType: 'outbox', hasSecret: false, passwordLoginSmsStep: false })
    const types = await call(t, { url: '/base/api/sms/config/getSmsType', token: staff.bureauAdmin })
    expect(types.data.map((o: { value: string }) => o.value)).toEqual(['outbox', 'aliyun'])
  })

  it('stores the Alibaba secret sealed and never returns it; an empty secret keeps the stored one', async () => {
    const body = {
      smsType: 'aliyun',
      accessKeyId: 'LTAI-test-id',
      accessKeySecret: 'very-secret-value',
      signName: '智校',
      endpoint: 'http://127.0.0.1:9/',
    }
    const incomplete = await call(t, {
      url: '/base/api/sms/config/saveOrUpdate',
      body: { ...body, signName: '' },
      token: staff.bureauAdmin,
    })
    expect([incomplete.code, incomplete.msg]).toEqual([400, SmsMsg.CONFIG_INCOMPLETE])
    expect((await call(t, { url: '/base/api/sms/config/saveOrUpdate', body, token: staff.bureauAdmin })).code).toBe(0)
    const row = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('sms_config').selectAll().executeTakeFirstOrThrow(),
    )
    expect(row.access_key_secret).not.toContain('very-secret-value')
    expect(t.ctx.secrets.open(row.access_key_secret!)).toBe('very-secret-value')
    const view = await call(t, { url: '/base/api/sms/config/getCurrentConfig', token: staff.bureauAdmin })
    expect(view.data).toMatchObject({
      smsType: 'aliyun',
      accessKeyId: 'LTAI-test-id',
      hasSecret: true,
      signName: '智校',
    })
    expect(JSON.stringify(view)).not.toContain('very-secret-value')
    expect(JSON.stringify(view)).not.toContain(row.access_key_secret)
    // Saving again without a secret keeps it.
    expect(
      (
        await call(t, {
          url: '/base/api/sms/config/saveOrUpdate',
          body: { ...body, accessKeySecret: '', signName: '新签名' },
          token: staff.bureauAdmin,
        })
      ).code,
    ).toBe(0)
    const kept = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('sms_config').selectAll().executeTakeFirstOrThrow(),
    )
    expect(t.ctx.secrets.open(kept.access_key_secret!)).toBe('very-secret-value')
    // The other tenant does not see it.
    const otherAdmin = await loginToken(
      t,
      (
        await makePerson(t, other.tenantId, {
          memberships: [{ orgId: other.bureauId, userType: UserType.STAFF, roleIds: [other.roles.admin] }],
        })
      ).userName,
    )
    expect((await call(t, { url: '/base/api/sms/config/getCurrentConfig', token: otherAdmin })).data).toMatchObject({
      smsType: 'outbox',
      hasSecret: false,
    })
    // Removing goes back to the outbox and deletes the keys.
    expect(
      (await call(t, { url: '/base/api/sms/config/removeConfig', method: 'POST', token: staff.bureauAdmin })).code,
    ).toBe(0)
    expect(
      await t.db.tenant(w.tenantId, (trx) => trx.selectFrom('sms_config').selectAll().executeTakeFirst()),
    ).toBeUndefined()
  })

  it('templates: create, page, get, update, delete; one per event; ${code} required; per tenant', async () => {
    const events = await call(t, { url: '/base/api/sms/template/getSmsEvent', token: staff.bureauAdmin })
    expect(events.data.map((e: { value: string }) => e.value)).toEqual([
      'login',
      'signup',
      'reset_password',
      'bind_phone',
    ])
    const noCode = await call(t, {
      url: '/base/api/sms/template/create',
      body: { event: 'login', name: '登录', content: '您的验证码' },
      token: staff.bureauAdmin,
    })
    expect(noCode.code).not.toBe(0)
    expect(noCode.msg).toContain('${code}')
    const created = await call(t, {
      url: '/base/api/sms/template/create',
      body: {
        event: 'login',
        name: '登录验证码',
        templateCode: 'SMS_1001',
        content: '【智校】登录验证码${code}，5分钟内有效',
      },
      token: staff.bureauAdmin,
    })
    expect(created.code).toBe(0)
    const id = created.data as number
    const dup = await call(t, {
      url: '/base/api/sms/template/create',
      body: { event: 'login', name: '又一个', content: '${code}' },
      token: staff.bureauAdmin,
    })
    expect([dup.code, dup.msg]).toEqual([409, SmsMsg.TEMPLATE_EXISTS])
    const page = await call(t, {
      url: '/base/api/sms/template/queryPage?pageIndex=1&pageSize=10',
      token: staff.bureauAdmin,
    })
    expect(page.data.total).toBe(1)
    expect(page.data.list[0]).toMatchObject({ id, event: 'login', eventName: '短信登录', templateCode: 'SMS_1001' })
    expect((await call(t, { url: `/base/api/sms/template/get?id=${id}`, token: staff.bureauAdmin })).data.name).toBe(
      '登录验证码',
    )
    expect(
      (
        await call(t, {
          url: '/base/api/sms/template/update',
          body: { id, event: 'login', name: '改名', content: '验证码${code}（登录）' },
          token: staff.bureauAdmin,
        })
      ).code,
    ).toBe(0)
    // The outbox renders the tenant's template.
    const phone = newPhone()
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.3.0.1' })
    const log = await call(t, { url: '/base/api/sms/log/page?pageSize=1', token: staff.bureauAdmin })
    expect(log.data.list[0].content).toBe('验证码******（登录）')
    // Another tenant's admin cannot read or delete it.
    const otherAdmin = await loginToken(
      t,
      (
        await makePerson(t, other.tenantId, {
          memberships: [{ orgId: other.bureauId, userType: UserType.STAFF, roleIds: [other.roles.admin] }],
        })
      ).userName,
    )
    expect((await call(t, { url: `/base/api/sms/template/get?id=${id}`, token: otherAdmin })).status).toBe(404)
    expect((await call(t, { url: '/base/api/sms/template/delete', body: { id }, token: otherAdmin })).status).toBe(404)
    expect((await call(t, { url: '/base/api/sms/template/delete', body: { id }, token: staff.bureauAdmin })).code).toBe(
      0,
    )
    expect((await call(t, { url: `/base/api/sms/template/get?id=${id}`, token: staff.bureauAdmin })).status).toBe(404)
  })

  it('the log masks phone and code; only the super administrator reads an outbox message in full', async () => {
    const phone = '13912345678'
    const { accountId } = await makePerson(t, w.tenantId, {
      phone,
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    t.clock.advance(120_000)
    await sendCode(t.ctx, { tenantId: w.tenantId, phone, event: 'login', ip: '10.4.0.1', accountId })
    const page = await call(t, { url: '/base/api/sms/log/page?phone=5678', token: staff.bureauAdmin })
    const row = page.data.list[0]
    expect(row).toMatchObject({
      phone: '139****5678',
      event: 'login',
      eventName: '短信登录',
      status: 'outbox',
      provider: 'outbox',
      fullTextAvailable: true,
    })
    expect(row.userName).toBeTruthy()
    expect(row.content).toContain('******')
    expect(row.content).not.toMatch(/\d{6}/)
    // A tenant admin cannot open the full text, nor read another tenant's log by naming it.
    expect(
      (await call(t, { url: `/base/api/sms/log/full?tenantId=${w.tenantId}&id=${row.id}`, token: staff.bureauAdmin }))
        .status,
    ).toBe(403)
    const otherAdmin = await loginToken(
      t,
      (
        await makePerson(t, other.tenantId, {
          memberships: [{ orgId: other.bureauId, userType: UserType.STAFF, roleIds: [other.roles.admin] }],
        })
      ).userName,
    )
    const peek = await call(t, { url: `/base/api/sms/log/page?tenantId=${w.tenantId}&phone=5678`, token: otherAdmin })
    expect(peek.data.total).toBe(0)
    const sup = await superAdminToken(t)
    const full = await call(t, { url: `/base/api/sms/log/full?tenantId=${w.tenantId}&id=${row.id}`, token: sup })
    expect(full.data.phone).toBe(phone)
    expect(full.data.content).toMatch(/您的验证码为\d{6}/)
    // The stored full text is sealed, not plain.
    const stored = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('sms_log').select('content_sealed').where('id', '=', row.id).executeTakeFirstOrThrow(),
    )
    expect(stored.content_sealed).not.toContain(/\d{6}/.exec(full.data.content)![0])
  })
})
