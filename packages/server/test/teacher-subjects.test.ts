import { CampusMsg, ErrorCode, SubjectMsg, UserType } from '@zhixiao/shared'
import * as oidc from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subjectFor } from '../src/modules/app-clients/hub-client.js'
import { flattenClaims } from '../src/modules/cas/cas-xml.js'
import { runWebhooks } from '../src/modules/webhooks/dispatch.js'
import { browserSignIn, makeHubWorld, receiver, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { call, createTestApp, makePerson, makeWorld, type TestApp } from './helpers.js'

/**
 * The subjects a teacher teaches in a class (issue 24 point 4, "teachers with their classes and subjects";
 * docs/open-platform.md "Directory API", docs/campus.md): kept on the class-teacher screen (setTeachers), read back
 * there, released by the directory's /open/v1/teachers and the zx:school claim under the same names, and reported
 * by the teachers' delta and the person.changed webhook when only a teacher's subjects changed.
 */
let t: TestApp
let base: string
let hw: HubWorld
let li: number // 李老师, a subject teacher of the class
const subj: Record<string, number> = {}
const redirectUri = 'https://grades.example.com/callback'
let app: { appId: number; clientId: string; secret: string }
let token: string
let rx: Awaited<ReturnType<typeof receiver>>

const set = (body: Record<string, unknown>, token = hw.staff.schoolAdmin) =>
  call(t, { url: '/base/api/class/setTeachers', token, body: { classId: hw.classId, ...body } })
const screen = async (token = hw.staff.schoolAdmin) => {
  const r = await call(t, { url: `/base/api/class/teachers?classId=${hw.classId}`, token })
  expect(r.code, r.msg).toBe(0)
  return r.data as {
    teachers: { userInfoId: number; trueName: string; isHead: boolean; subjects: { id: number; name: string }[] }[]
    subjectOptions: { id: number; name: string; code: string | null; status: number }[]
  }
}
const subjectsOnScreen = async () =>
  Object.fromEntries((await screen()).teachers.map((x) => [x.trueName, x.subjects.map((s) => s.name)]))

async function read(path: string) {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the directory's rows, read field by field
  return res.json() as { code: number; msg: string; data: { items: any[]; as_of: string; next_cursor: string | null } }
}

const sub = (id: number) =>
  subjectFor(t.ctx, { tenantId: hw.w.tenantId, clientId: app.clientId, subjectType: 'pairwise' }, id)

beforeAll(async () => {
  t = await createTestApp({ apiDocs: true })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  hw = await makeHubWorld(t)
  li = (
    await makePerson(t, hw.w.tenantId, {
      trueName: '李老师',
      memberships: [{ orgId: hw.w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
  ).userInfoIds[0]!
  await t.db.tenant(hw.w.tenantId, async (trx) => {
    const add = async (orgId: number, name: string, code: string | null, sort: number, status = 0) =>
      (
        await trx
          .insertInto('subject')
          .values({ org_id: orgId, name, code, category_id: null, sort, status })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    subj.chinese = await add(hw.w.schoolId, '语文', 'YW', 1)
    subj.math = await add(hw.w.schoolId, '数学', 'SX', 2)
    subj.art = await add(hw.w.schoolId, '美术', 'MS', 3, 1) // disabled
    subj.music = await add(hw.w.schoolId, '音乐', null, 4)
    subj.english2 = await add(hw.w.school2Id, '英语', 'YY', 1) // the other school's
  })
  const w2 = await makeWorld(t)
  subj.foreign = await t.db.tenant(
    w2.tenantId,
    async (trx) =>
      (
        await trx
          .insertInto('subject')
          .values({ org_id: w2.schoolId, name: '科学', code: 'KX', category_id: null, sort: 1, status: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
  )
  const appId = await registerApp(t, hw.w.tenantId, '成绩管理')
  const saved = await saveClient(t, hw.staff.bureauAdmin, {
    appId,
    protocol: 'oidc',
    redirectUris: [redirectUri],
    scopes: ['profile', 'zx:identity', 'zx:school', 'directory'],
    clientCredentials: true,
  })
  app = { appId, clientId: saved.client.clientId, secret: saved.secret!.clientSecret }
  const res = await fetch(`${base}/t/${hw.w.tenantId}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.secret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'directory' }).toString(),
    signal: AbortSignal.timeout(10_000),
  })
  token = ((await res.json()) as { access_token: string }).access_token
  rx = await receiver()
  const hook = await call(t, {
    url: '/base/api/app/webhook/save',
    token: hw.staff.bureauAdmin,
    body: { appId, url: `${rx.base}/hook`, events: ['person.changed', 'class.changed'], enabled: true },
  })
  expect(hook.code, hook.msg).toBe(0)
  // The world's own setup is history before the subscription's first change.
  await runWebhooks(t.ctx)
  rx.got.length = 0
}, 60_000)

afterAll(async () => {
  await rx?.close()
  await t?.close()
})

describe('the class-teacher screen (班级教师)', () => {
  it("an admin sets each teacher's subjects; the screen reads them back with the school's enabled subjects", async () => {
    const before = await screen()
    expect(before.teachers).toEqual([
      { userInfoId: hw.teacher.userInfoId, trueName: '王老师', isHead: true, subjects: [] },
    ])
    // Offered: the school's enabled subjects in its order; not the disabled one, not the other school's.
    expect(before.subjectOptions).toEqual([
      { id: subj.chinese, name: '语文', code: 'YW', status: 0 },
      { id: subj.math, name: '数学', code: 'SX', status: 0 },
      { id: subj.music, name: '音乐', code: null, status: 0 },
    ])
    const r = await set({
      headTeacherId: hw.teacher.userInfoId,
      teacherIds: [li],
      teacherSubjects: [
        { userInfoId: hw.teacher.userInfoId, subjectIds: [subj.chinese] },
        { userInfoId: li, subjectIds: [subj.music, subj.math] },
      ],
    })
    expect(r).toMatchObject({ code: 0, msg: CampusMsg.SAVED })
    expect(await subjectsOnScreen()).toEqual({ 王老师: ['语文'], 李老师: ['数学', '音乐'] })
  })

  it("refuses another school's, a disabled or another tenant's subject, a teacher not of the class, repeats and too many, writing nothing", async () => {
    const before = await screen()
    const refuse = async (teacherSubjects: unknown, msg: string) => {
      const r = await set({ headTeacherId: hw.teacher.userInfoId, teacherIds: [li], teacherSubjects })
      expect(r, JSON.stringify(teacherSubjects)).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg })
    }
    for (const bad of [subj.english2!, subj.art!, subj.foreign!, 99_999_999]) {
      await refuse([{ userInfoId: li, subjectIds: [subj.math, bad] }], CampusMsg.SUBJECT_NOT_FOUND)
    }
    await refuse(
      [{ userInfoId: hw.student.userInfoId, subjectIds: [subj.math] }],
      CampusMsg.SUBJECT_TEACHER_NOT_IN_CLASS,
    )
    await refuse(
      [
        { userInfoId: li, subjectIds: [subj.math] },
        { userInfoId: li, subjectIds: [subj.music] },
      ],
      CampusMsg.SUBJECT_TEACHER_REPEATED,
    )
    await refuse(
      [{ userInfoId: li, subjectIds: Array.from({ length: 21 }, (_, i) => i + 1) }],
      CampusMsg.TOO_MANY_SUBJECTS,
    )
    const bad = await set({ teacherIds: [li], teacherSubjects: [{ userInfoId: li, subjectIds: 'x' }] })
    expect(bad.code).toBe(ErrorCode.BAD_REQUEST)
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/)
    // Permission and reach as the class-teacher save: a teacher (no base_school), the other school's admin, nobody.
    const body = { teacherIds: [li], teacherSubjects: [{ userInfoId: li, subjectIds: [subj.chinese] }] }
    expect(await set(body, hw.staff.teacher)).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN })
    expect((await set(body, hw.staff.school2Admin)).code).toBe(ErrorCode.NOT_FOUND)
    expect((await set(body, '')).status).toBe(401)
    expect(await screen()).toEqual(before)
  })

  it("keeps the subjects when a save leaves them out, drops a removed teacher's, keeps a subject disabled since", async () => {
    // The head teacher changes; the subjects, left out, stay as they are.
    expect((await set({ headTeacherId: li, teacherIds: [hw.teacher.userInfoId] })).code).toBe(0)
    expect(await subjectsOnScreen()).toEqual({ 李老师: ['数学', '音乐'], 王老师: ['语文'] })
    expect((await screen()).teachers.find((x) => x.isHead)!.trueName).toBe('李老师')
    // A subject disabled after it was given stays with the teacher who has it, but is given to nobody new.
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.updateTable('subject').set({ status: 1 }).where('id', '=', subj.music!).execute(),
    )
    const keep = await set({
      headTeacherId: hw.teacher.userInfoId,
      teacherIds: [li],
      teacherSubjects: [
        { userInfoId: hw.teacher.userInfoId, subjectIds: [subj.chinese] },
        { userInfoId: li, subjectIds: [subj.math, subj.music] },
      ],
    })
    expect(keep.code, keep.msg).toBe(0)
    const giveDisabled = await set({
      headTeacherId: hw.teacher.userInfoId,
      teacherIds: [li],
      teacherSubjects: [{ userInfoId: hw.teacher.userInfoId, subjectIds: [subj.chinese, subj.music] }],
    })
    expect(giveDisabled).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: CampusMsg.SUBJECT_NOT_FOUND })
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.updateTable('subject').set({ status: 0 }).where('id', '=', subj.music!).execute(),
    )
    // A subject still taught cannot be deleted.
    const del = await call(t, {
      url: '/base/api/subjectMgr/subjectInfo/delete',
      token: hw.staff.schoolAdmin,
      body: { id: subj.math },
    })
    expect(del).toMatchObject({ code: ErrorCode.CONFLICT, msg: SubjectMsg.IN_USE })
    // Removing a teacher from the class removes their subjects there.
    expect((await set({ headTeacherId: hw.teacher.userInfoId, teacherIds: [] })).code).toBe(0)
    expect(await subjectsOnScreen()).toEqual({ 王老师: ['语文'] })
    const gone = await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.selectFrom('class_teacher_subject').select('subject_id').where('user_info_id', '=', li).execute(),
    )
    expect(gone).toEqual([])
  })
})

describe('the directory, the claims, the delta and the webhook', () => {
  beforeAll(async () => {
    const r = await set({
      headTeacherId: hw.teacher.userInfoId,
      teacherIds: [li],
      teacherSubjects: [
        { userInfoId: hw.teacher.userInfoId, subjectIds: [subj.chinese] },
        { userInfoId: li, subjectIds: [subj.math, subj.music] },
      ],
    })
    expect(r.code, r.msg).toBe(0)
    await runWebhooks(t.ctx)
    rx.got.length = 0
  })

  it('/open/v1/teachers: each class of a teacher carries its subjects (id, name, code)', async () => {
    const r = await read(`/open/v1/teachers?school_id=${hw.w.schoolId}`)
    expect(r.code, r.msg).toBe(0)
    const byName = new Map(r.data.items.map((x) => [x.name, x]))
    expect(byName.get('王老师')).toMatchObject({
      sub: sub(hw.teacher.userInfoId),
      class_ids: [hw.classId],
      classes: [{ id: hw.classId, is_head: true, subjects: [{ id: subj.chinese, name: '语文', code: 'YW' }] }],
    })
    expect(byName.get('李老师').classes).toEqual([
      {
        id: hw.classId,
        is_head: false,
        subjects: [
          { id: subj.math, name: '数学', code: 'SX' },
          { id: subj.music, name: '音乐', code: null },
        ],
      },
    ])
  })

  it('the zx:school claim of a teacher carries the same classes, under the same names', async () => {
    const config = await oidc.discovery(
      new URL(`${base}/t/${hw.w.tenantId}/oidc`),
      app.clientId,
      app.secret,
      oidc.ClientSecretBasic(app.secret),
      { execute: [oidc.allowInsecureRequests] },
    )
    const verifier = oidc.randomPKCECodeVerifier()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile zx:school',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: oidc.randomState(),
    })
    const f = await browserSignIn(base, url.href, hw.teacher.token)
    expect(f.redirect, JSON.stringify(f)).toBeDefined()
    const tokens = await oidc.authorizationCodeGrant(config, f.redirect!, {
      pkceCodeVerifier: verifier,
      expectedState: url.searchParams.get('state')!,
    })
    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub)
    const row = (await read(`/open/v1/teachers?school_id=${hw.w.schoolId}`)).data.items.find((x) => x.name === '王老师')
    expect(info.class_ids).toEqual(row.class_ids)
    expect(info.classes).toEqual([
      { id: hw.classId, is_head: true, subjects: [{ id: subj.chinese, name: '语文', code: 'YW' }] },
    ])
    expect(info.classes).toEqual(row.classes)
  })

  it("a change of one teacher's subjects only: the delta and a person.changed webhook name that teacher alone", async () => {
    const start = await read('/open/v1/teachers')
    const since = encodeURIComponent(start.data.as_of)
    t.clock.advance(1000)
    const r = await set({
      headTeacherId: hw.teacher.userInfoId,
      teacherIds: [li],
      teacherSubjects: [
        { userInfoId: hw.teacher.userInfoId, subjectIds: [subj.chinese] },
        { userInfoId: li, subjectIds: [subj.math] },
      ],
    })
    expect(r.code, r.msg).toBe(0)
    const delta = await read(`/open/v1/teachers?updated_since=${since}`)
    expect(delta.code, delta.msg).toBe(0)
    expect(delta.data.items.map((x) => x.name)).toEqual(['李老师'])
    expect(delta.data.items[0].classes[0].subjects).toEqual([{ id: subj.math, name: '数学', code: 'SX' }])
    await runWebhooks(t.ctx)
    const bodies = rx.got.map((g) => JSON.parse(g.body) as { event: string; data: Record<string, unknown> })
    expect(bodies).toEqual([
      expect.objectContaining({
        event: 'person.changed',
        data: { sub: sub(li), user_type: UserType.STAFF, org_id: hw.w.schoolId },
      }),
    ])
  })
})

describe('the OpenAPI description (built from the contracts)', () => {
  it("documents the subjects of a teacher's classes and the save's teacherSubjects", async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as { paths: Record<string, unknown> }
    const teachers = JSON.stringify(doc.paths['/open/v1/teachers'])
    expect(teachers).toContain('"subjects"')
    expect(teachers).toContain('"is_head"')
    expect(JSON.stringify(doc.paths['/base/api/class/setTeachers'])).toContain('"teacherSubjects"')
  })
})

describe('CAS attributes', () => {
  it("flatten a teacher's classes to classes_id and classes_is_head, leaving the nested subjects out", () => {
    const claims = {
      sub: 's1',
      class_ids: [8, 9],
      classes: [
        { id: 8, is_head: true, subjects: [{ id: 31, name: '语文', code: 'YW' }] },
        { id: 9, is_head: false, subjects: [] },
      ],
    }
    expect(flattenClaims(claims)).toEqual({
      sub: ['s1'],
      class_ids: ['8', '9'],
      classes_id: ['8', '9'],
      classes_is_head: ['true', 'false'],
    })
  })
})
