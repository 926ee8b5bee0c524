import { ErrorCode, Msg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_PASSWORD,
  call,
  createTestApp,
  login,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'
import { fields } from './zod-walk.js'

/**
 * Issue 22 point 7: numbers and ids are what they say. A boolean, an empty string, " 1", "1e3" or "0x10" is not a
 * number (zod's coercion made 1 of true and 0 of ""), an id is a positive integer, an update never inserts, a
 * tenant update that changes nothing is not an empty SET, and an unterminated upload is a clean 400.
 */
let t: TestApp
let w: World
let s: Staff
let superAdmin: string

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  superAdmin = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
}, 60_000)
afterAll(() => t.close())

const refused = { status: 400, code: ErrorCode.BAD_REQUEST }
/** Tenants are numbered from 0, the platform's own tenant, which the super administrator may edit. */
const ZERO_IS_A_ROW = new Set(['POST /base/api/tenant/update', 'POST /base/api/tenant/updateStatus'])
const T = '/base/api/userInfo/teacherInfo'

describe('ids and numbers are strict', () => {
  it('an id from a query string is plain digits: true, "", "0", "1.5", "1e3", " 1", "0x10", "-1" are 请求参数有误', async () => {
    const {
      userInfoIds: [userInfoId],
    } = await makePerson(t, w.tenantId, {
      trueName: '查看的教师',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    const good = await call(t, { url: `${T}/detail?id=${userInfoId}`, token: s.schoolAdmin })
    expect(good).toMatchObject({ code: 0, data: { trueName: '查看的教师' } })
    for (const bad of ['true', '', '0', '1.5', '1e3', '%201', '0x10', '-1', `0${userInfoId}`, `${userInfoId}.0`]) {
      const r = await call(t, { url: `${T}/detail?id=${bad}`, token: s.schoolAdmin })
      expect(r, bad).toMatchObject(refused)
      expect(r.msg, bad).toMatch(new RegExp(`^${Msg.BAD_REQUEST}`))
    }
  })

  it('an id or a number in a JSON body: true, false, "", null, [] and 0 are refused, not read as 1 or 0', async () => {
    const grade = await call(t, {
      url: '/base/api/grade/add',
      token: s.schoolAdmin,
      body: { name: '一年级', entryYear: 2026 },
    })
    expect(grade.code).toBe(0)
    for (const bad of [true, false, '', [], 0, ' 1', '1e3']) {
      expect(
        await call(t, { url: '/base/api/grade/update', token: s.schoolAdmin, body: { id: bad, name: '二年级' } }),
        JSON.stringify(bad),
      ).toMatchObject(refused)
    }
    for (const bad of [true, false, '', [], ' 1', '1e3', '0x1']) {
      // A boolean does not enable a row: status is 0 or 1, as a number or its digit.
      expect(
        await call(t, {
          url: '/base/api/grade/updateStatus',
          token: s.schoolAdmin,
          body: { id: grade.data, status: bad },
        }),
        JSON.stringify(bad),
      ).toMatchObject(refused)
    }
    // The plain forms still work, as numbers and as the digits a form or query string carries.
    expect(
      await call(t, {
        url: '/base/api/grade/update',
        token: s.schoolAdmin,
        body: { id: String(grade.data), name: '二年级' },
      }),
    ).toMatchObject({ code: 0 })
    expect(
      await call(t, {
        url: '/base/api/grade/updateStatus',
        token: s.schoolAdmin,
        body: { id: grade.data, status: '1' },
      }),
    ).toMatchObject({ code: 0 })
  })

  it('an update never inserts: cms2/news/update and banner/update with id 0, "" or none are refused and add nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.tenant(w.tenantId, (trx) =>
            trx
              .selectFrom('cms_news')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow(),
          )
        ).n,
      ) +
      Number(
        (
          await t.db.tenant(w.tenantId, (trx) =>
            trx
              .selectFrom('banner')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow(),
          )
        ).n,
      )
    const before = await count()
    const news = { title: '新闻', noticeType: 1, content: '<p>正文</p>' }
    const banner = { name: '轮播', imgUrl: 'https://example.com/a.png' }
    for (const id of [0, '', null, undefined]) {
      expect(
        await call(t, { url: '/base/api/cms2/news/update', token: s.schoolAdmin, body: { ...news, id } }),
        String(id),
      ).toMatchObject(refused)
      expect(
        await call(t, { url: '/base/api/banner/update', token: s.schoolAdmin, body: { ...banner, id } }),
        String(id),
      ).toMatchObject(refused)
    }
    expect(await count()).toBe(before)
  })

  it('every update route that takes an id requires a positive one (generated from the route table)', () => {
    const loose = t.routes
      .filter((r) => /\/update\w*$/i.test(r.url) && r.method !== 'GET')
      .flatMap((r) => {
        const id = fields(r.schema?.body).find((f) => f.path.length === 1 && f.path[0] === 'id')
        if (!id) return []
        const schema = r.schema!.body as {
          safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }
        }
        const idRefused = (v: unknown) => !!schema.safeParse({ id: v }).error?.issues.some((i) => i.path[0] === 'id')
        return [...(ZERO_IS_A_ROW.has(`${r.method} ${r.url}`) ? [] : [0]), '', true, undefined]
          .filter((v) => !idRefused(v))
          .map((v) => `${r.method} ${r.url} id=${JSON.stringify(v)}`)
      })
    expect(loose).toEqual([])
  })

  it('tenant/update: nothing to change is a clean answer (the platform tenant 0 too); id "" or none is 请求参数有误; an unknown id is not found', async () => {
    const up = (body: unknown) => call(t, { url: '/base/api/tenant/update', token: superAdmin, body })
    expect(await up({ id: w.tenantId })).toMatchObject({ status: 200, code: 0 })
    expect(await up({ id: 0 })).toMatchObject({ status: 200, code: 0 })
    expect(await up({ id: true })).toMatchObject(refused)
    expect(await up({ id: '' })).toMatchObject(refused)
    expect(await up({})).toMatchObject(refused)
    expect(await up({ id: 987654 })).toMatchObject({ status: 404 })
  })
})

describe('an unterminated upload', () => {
  it('a multipart body cut off before its end is a 400 with a clear message, not a 500', async () => {
    const boundary = '----zxcut'
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004partial`,
    )
    for (const url of [`${T}/importExcel`, '/base/api/cms2/image/upload']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: {
          authorization: `Bearer ${s.schoolAdmin}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      })
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '上传的文件不完整，请重新上传' })
    }
  })
})
