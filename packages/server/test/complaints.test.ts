import { ComplaintMsg, Msg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRole } from '../src/modules/tenant/provisioning.js'
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

let t: TestApp
let w: World
let s: Staff
let foreign: Staff
let foreignWorld: World
/** A teacher of the first school who handles the 后勤 class. */
let handler: { token: string; userInfoId: number }
let student: string
/** Holds only the list code: sees every submission of the org without handling a class. */
let lister: string
/** Holds only the base-config code. */
let configurer: string
const C = '/base/complainSuggestion'

async function person(w0: World, orgId: number, userType: number, roleIds: number[], trueName = '测试用户') {
  const p = await makePerson(t, w0.tenantId, { trueName, memberships: [{ orgId, userType, roleIds }] })
  return { token: await loginToken(t, p.userName), userInfoId: p.userInfoIds[0]! }
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreignWorld = await makeWorld(t)
  foreign = await staffOf(t, foreignWorld)
  handler = await person(w, w.schoolId, UserType.STAFF, [w.roles.teacher], '王处理')
  student = (await person(w, w.schoolId, UserType.STUDENT, [])).token
  const roles = await t.db.tenant(w.tenantId, async (trx) => ({
    list: await createRole(trx, {
      code: 'cs_list',
      name: '投诉列表',
      permissions: ['sc_menhu_newFeedback_config_list'],
    }),
    base: await createRole(trx, {
      code: 'cs_base',
      name: '投诉配置',
      permissions: ['sc_menhu_newFeedback_config_base_config'],
    }),
  }))
  lister = (await person(w, w.schoolId, UserType.STAFF, [roles.list])).token
  configurer = (await person(w, w.schoolId, UserType.STAFF, [roles.base])).token
})
afterAll(() => t.close())

const submit = (token: string, body: Record<string, unknown>) =>
  call(t, { url: `${C}/add`, token, body: { title: '食堂太咸', content: '希望少放盐', ...body } })

describe('config', () => {
  it('is off by default, for members and visitors alike', async () => {
    expect((await call(t, { url: `${C}/config/get`, token: s.teacher })).data).toEqual({
      enable: false,
      userRole: [],
      allowAnonymous: true,
    })
    expect((await call(t, { url: `${C}/config/get?orgId=${w.schoolId}` })).data.enable).toBe(false)
    expect(await call(t, { url: `${C}/config/get` })).toMatchObject({ status: 400, msg: ComplaintMsg.ORG_REQUIRED })
  })

  it('is saved per org by base-config holders, logged, and read by visitors with the orgId', async () => {
    expect(
      await call(t, {
        url: `${C}/config/set`,
        token: configurer,
        body: { enable: true, userRole: [1002, -1], allowAnonymous: true },
      }),
    ).toMatchObject({ code: 0 })
    expect((await call(t, { url: `${C}/config/get`, token: s.teacher })).data).toEqual({
      enable: true,
      userRole: [1002, -1],
      allowAnonymous: true,
    })
    expect((await call(t, { url: `${C}/config/get?orgId=${w.schoolId}` })).data.userRole).toEqual([1002, -1])
    // The second school keeps its own (default) config.
    expect((await call(t, { url: `${C}/config/get?orgId=${w.school2Id}` })).data.enable).toBe(false)
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('operation_log').select(['module', 'action']).where('module', '=', '投诉建议').execute(),
    )
    expect(log).toContainEqual({ module: '投诉建议', action: '基础配置' })
  })

  it('refuses unknown user types and signed-out or code-less writers', async () => {
    expect(
      (await call(t, { url: `${C}/config/set`, token: configurer, body: { enable: true, userRole: [9999] } })).status,
    ).toBe(400)
    expect((await call(t, { url: `${C}/config/set`, body: { enable: true, userRole: [] } })).status).toBe(401)
    expect(
      await call(t, { url: `${C}/config/set`, token: s.teacher, body: { enable: true, userRole: [] } }),
    ).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    expect(
      await call(t, { url: `${C}/config/set`, token: lister, body: { enable: true, userRole: [] } }),
    ).toMatchObject({ status: 403 })
  })
})

let classId: number
let otherClassId: number
describe('classifications', () => {
  it('are added with staff handlers of the org and listed with them', async () => {
    const add = await call(t, {
      url: `${C}/classification/add`,
      token: configurer,
      body: { name: '后勤', handlerIds: [handler.userInfoId] },
    })
    expect(add).toMatchObject({ code: 0, msg: '新增成功' })
    classId = add.data
    otherClassId = (
      await call(t, {
        url: `${C}/classification/add`,
        token: s.schoolAdmin,
        body: { name: '教学', handlerIds: [handler.userInfoId] },
      })
    ).data
    const list = await call(t, { url: `${C}/classification/list`, token: s.teacher })
    expect(list.data).toEqual([
      { id: classId, name: '后勤', handlers: [{ userInfoId: handler.userInfoId, trueName: '王处理' }] },
      { id: otherClassId, name: '教学', handlers: [{ userInfoId: handler.userInfoId, trueName: '王处理' }] },
    ])
    // Another school sees none of them.
    expect((await call(t, { url: `${C}/classification/list`, token: s.school2Admin })).data).toEqual([])
  })

  it('refuses a duplicate name, a non-staff or foreign handler, and no handler', async () => {
    expect(
      await call(t, {
        url: `${C}/classification/add`,
        token: configurer,
        body: { name: '后勤', handlerIds: [handler.userInfoId] },
      }),
    ).toMatchObject({ status: 400, msg: ComplaintMsg.CLASS_NAME_TAKEN })
    const stu = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    expect(
      await call(t, {
        url: `${C}/classification/add`,
        token: configurer,
        body: { name: '安全', handlerIds: [stu.userInfoIds[0]] },
      }),
    ).toMatchObject({ status: 400, msg: ComplaintMsg.HANDLER_NOT_STAFF })
    const other = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.school2Id, userType: UserType.STAFF, roleIds: [] }],
    })
    expect(
      await call(t, {
        url: `${C}/classification/add`,
        token: configurer,
        body: { name: '安全', handlerIds: [other.userInfoIds[0]] },
      }),
    ).toMatchObject({ status: 400, msg: ComplaintMsg.HANDLER_NOT_STAFF })
    expect(
      await call(t, { url: `${C}/classification/add`, token: configurer, body: { name: '安全', handlerIds: [] } }),
    ).toMatchObject({ status: 400, msg: ComplaintMsg.HANDLER_REQUIRED })
  })

  it('tell who handles: checkUserIsAdmin', async () => {
    expect((await call(t, { url: `${C}/classification/checkUserIsAdmin`, token: handler.token })).data).toBe(true)
    expect((await call(t, { url: `${C}/classification/checkUserIsAdmin`, token: s.teacher })).data).toBe(false)
    expect((await call(t, { url: `${C}/classification/checkUserIsAdmin` })).status).toBe(401)
  })

  it('are renamed, and another tenant or org cannot touch them', async () => {
    expect(
      await call(t, {
        url: `${C}/classification/update`,
        token: configurer,
        body: { id: otherClassId, name: '教学教务', handlerIds: [handler.userInfoId] },
      }),
    ).toMatchObject({ code: 0 })
    expect(
      await call(t, {
        url: `${C}/classification/update`,
        token: foreign.schoolAdmin,
        body: { id: otherClassId, name: 'x', handlerIds: [handler.userInfoId] },
      }),
    ).toMatchObject({ status: 400 })
    expect(
      await call(t, { url: `${C}/classification/delete`, token: foreign.schoolAdmin, body: { id: otherClassId } }),
    ).toMatchObject({ status: 404, msg: ComplaintMsg.CLASS_NOT_FOUND })
    expect(
      await call(t, { url: `${C}/classification/delete`, token: s.school2Admin, body: { id: otherClassId } }),
    ).toMatchObject({ status: 404 })
    expect(
      await call(t, { url: `${C}/classification/delete`, token: s.teacher, body: { id: otherClassId } }),
    ).toMatchObject({ status: 403 })
  })
})

let mineId: number
let anonId: number
describe('submissions', () => {
  it('are accepted from allowed user types and refused from others', async () => {
    const r = await submit(s.teacher, { classId, phone: '13800000000' })
    expect(r).toMatchObject({ code: 0, msg: ComplaintMsg.SUBMITTED })
    mineId = r.data
    expect(await submit(student, { classId })).toMatchObject({ status: 403, msg: ComplaintMsg.ROLE_NOT_ALLOWED })
    expect(await submit(s.school2Admin, { classId })).toMatchObject({ status: 400, msg: ComplaintMsg.DISABLED })
    expect((await submit(s.teacher, { classId, title: '' })).msg).toBe(ComplaintMsg.TITLE_REQUIRED)
    expect((await submit(s.teacher, { classId, phone: '123' })).msg).toBe(ComplaintMsg.PHONE_INVALID)
    expect((await submit(s.teacher, { classId: 999999 })).status).toBe(404)
    expect((await submit(foreign.teacher, { classId })).status).toBe(400)
    expect((await call(t, { url: `${C}/add`, body: { classId, title: 'x', content: 'y' } })).status).toBe(401)
  })

  it('hide an anonymous submitter from handlers but not from the submitter', async () => {
    anonId = (
      await submit(s.teacher, { classId: otherClassId, title: '匿名建议', anonymous: true, phone: '13900000000' })
    ).data
    const asHandler = await call(t, { url: `${C}/getDetail?id=${anonId}`, token: handler.token })
    expect(asHandler.data).toMatchObject({ title: '匿名建议', anonymous: true, submitterName: null, phone: null })
    const named = await call(t, { url: `${C}/getDetail?id=${mineId}`, token: handler.token })
    // Issue 26 point 2: the handler sees the contact phone masked (this assertion said '13800000000' before).
    expect(named.data).toMatchObject({ submitterName: '测试用户', phone: '138****0000' })
    const own = await call(t, { url: `${C}/getDetail?id=${anonId}`, token: s.teacher })
    expect(own.data).toMatchObject({ submitterName: '测试用户', phone: '13900000000' })
  })

  it('refuse anonymous when the org does not allow it', async () => {
    await call(t, {
      url: `${C}/config/set`,
      token: configurer,
      body: { enable: true, userRole: [1002, -1], allowAnonymous: false },
    })
    expect(await submit(s.teacher, { classId, anonymous: true })).toMatchObject({
      status: 400,
      msg: ComplaintMsg.ANONYMOUS_NOT_ALLOWED,
    })
    await call(t, {
      url: `${C}/config/set`,
      token: configurer,
      body: { enable: true, userRole: [1002, -1], allowAnonymous: true },
    })
  })

  it('keep a class with submissions from deletion', async () => {
    expect(
      (await call(t, { url: `${C}/classification/hasComplainSuggestion?id=${classId}`, token: configurer })).data,
    ).toBe(true)
    expect(
      await call(t, { url: `${C}/classification/delete`, token: configurer, body: { id: classId } }),
    ).toMatchObject({ status: 400, msg: ComplaintMsg.CLASS_IN_USE })
    const empty = (
      await call(t, {
        url: `${C}/classification/add`,
        token: configurer,
        body: { name: '临时', handlerIds: [handler.userInfoId] },
      })
    ).data
    expect(
      (await call(t, { url: `${C}/classification/hasComplainSuggestion?id=${empty}`, token: configurer })).data,
    ).toBe(false)
    expect(await call(t, { url: `${C}/classification/delete`, token: configurer, body: { id: empty } })).toMatchObject({
      code: 0,
    })
  })
})

describe('admin lists and handling', () => {
  const list = (token: string, body: Record<string, unknown> = {}) =>
    call(t, { url: `${C}/queryListForAdmin`, token, body: { pageIndex: 1, pageSize: 20, ...body } })

  it('show handlers their classes and list holders the whole org; others are refused', async () => {
    // A class the handler does not handle, with one submission: handlers must not see it.
    const other = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    const onlyHandled = (
      await call(t, {
        url: `${C}/classification/add`,
        token: configurer,
        body: { name: '安全', handlerIds: [other.userInfoIds[0]] },
      })
    ).data as number
    await submit(s.teacher, { classId: onlyHandled, title: '安全隐患' })
    const mine = await list(handler.token, { scope: 'mine' })
    expect(mine.data.list.map((r: { title: string }) => r.title).sort()).toEqual(['匿名建议', '食堂太咸'])
    const all = await list(lister, { scope: 'all' })
    expect(all.data.total).toBe(3)
    expect(await list(handler.token, { scope: 'all' })).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    expect((await list(s.teacher, { scope: 'mine' })).status).toBe(403)
    expect((await list(s.school2Admin, { scope: 'all' })).data.total).toBe(0)
    expect((await list(foreign.schoolAdmin, { scope: 'all' })).data.total).toBe(0)
    expect((await call(t, { url: `${C}/queryListForAdmin`, body: {} })).status).toBe(401)
    // Another handler's class stays hidden in detail too.
    const hidden = all.data.list.find((r: { title: string }) => r.title === '安全隐患').id
    expect((await call(t, { url: `${C}/getDetail?id=${hidden}`, token: handler.token })).status).toBe(404)
  })

  it('filter by class, status, date and keyword', async () => {
    expect((await list(lister, { scope: 'all', classId })).data.total).toBe(1)
    expect((await list(lister, { scope: 'all', keyword: '匿名' })).data.list.map((r: { id: number }) => r.id)).toEqual([
      anonId,
    ])
    expect((await list(lister, { scope: 'all', status: 2 })).data.total).toBe(0)
    expect((await list(lister, { scope: 'all', startDate: '2000-01-01', endDate: '2000-01-02' })).data.total).toBe(0)
    expect((await list(lister, { scope: 'all', startDate: '2000-01-01' })).data.total).toBe(3)
  })

  it('count pending items for the red dot in the caller scope', async () => {
    expect((await call(t, { url: `${C}/getComplaintSuggestionCount`, token: handler.token })).data).toBe(2)
    expect((await call(t, { url: `${C}/getComplaintSuggestionCount`, token: lister })).data).toBe(3)
    expect((await call(t, { url: `${C}/getComplaintSuggestionCount`, token: s.teacher })).data).toBe(0)
  })

  it('move 待处理 → 处理中 → 已处理 with a reply; 已处理 is final; the submitter sees the reply', async () => {
    const change = (token: string, body: Record<string, unknown>) =>
      call(t, { url: `${C}/changeStatus`, token, body: { id: mineId, ...body } })
    expect(await change(s.teacher, { status: 1 })).toMatchObject({ status: 403 })
    expect(await change(foreign.schoolAdmin, { status: 1 })).toMatchObject({ status: 404 })
    expect(await change(handler.token, { status: 1 })).toMatchObject({ code: 0, msg: ComplaintMsg.HANDLED })
    expect(await change(handler.token, { status: 2 })).toMatchObject({ status: 400, msg: ComplaintMsg.REPLY_REQUIRED })
    expect(await change(handler.token, { status: 2, reply: '已与食堂沟通' })).toMatchObject({ code: 0 })
    expect(await change(handler.token, { status: 1 })).toMatchObject({ status: 400, msg: ComplaintMsg.STATUS_BACKWARD })
    const mine = await call(t, {
      url: `${C}/classification/listByCurrentUser`,
      token: s.teacher,
      body: { pageIndex: 1, pageSize: 10 },
    })
    expect(mine.data.list.find((r: { id: number }) => r.id === mineId)).toMatchObject({
      status: 2,
      reply: '已与食堂沟通',
      handlerName: '王处理',
    })
    expect((await call(t, { url: `${C}/getComplaintSuggestionCount`, token: handler.token })).data).toBe(1)
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('operation_log')
        .select('target')
        .where('module', '=', '投诉建议')
        .where('action', '=', '处理')
        .execute(),
    )
    expect(log.length).toBe(2)
    // Another member's list holds none of the teacher's submissions.
    expect(
      (await call(t, { url: `${C}/classification/listByCurrentUser`, token: handler.token, body: {} })).data.total,
    ).toBe(0)
  })
})
