import {
  ASSISTANT_ADMIN_API,
  ASSISTANT_API,
  ASSISTANT_END,
  ASSISTANT_EVENT,
  ASSISTANT_RATE_LIMIT,
  AssistantErrorCode,
  AssistantMsg,
  InputMsg,
  UserType,
  type AssistantEventData,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
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

/**
 * The AI helper (docs/assistant.md): the spec's three calls, the chat-stream's server-sent events read from the raw
 * response, answers from the tenant's help articles (the built-in answerer) and from an OpenAI-compatible model (a
 * local stand-in that streams as OpenAI documents), the per-user rate limit on the fake clock, and the maintenance.
 */
const MODEL_KEY = 'sk-test-secret-0123456789'
let t: TestApp
let w: World
let s: Staff
let foreign: Staff
let teacher: { token: string; id: number }
let pageOnly: string
let model: http.Server
let modelHost: string
const modelCalls: {
  auth: string | undefined
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] }
}[] = []

/** OpenAI's chat.completions streaming: chunks of `data: {choices:[{delta:{content}}]}`, then `data: [DONE]`. */
function openAiStandIn(): http.Server {
  return http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8')
    })
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.statusCode = 404
        res.end()
        return
      }
      const body = JSON.parse(raw) as (typeof modelCalls)[number]['body']
      modelCalls.push({ auth: req.headers.authorization, body })
      if (req.headers.authorization !== `Bearer ${MODEL_KEY}`) {
        res.statusCode = 401
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }))
        return
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const chunk = (delta: object) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`
      res.write(chunk({ role: 'assistant', content: '' }))
      for (const piece of ['您好，', '老师请假请', '打开“请假”应用。']) res.write(chunk({ content: piece }))
      res.write(`data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`)
      res.end('data: [DONE]\n\n')
    })
  })
}

const listen = (srv: http.Server) =>
  new Promise<string>((resolve) =>
    srv.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(srv.address() as AddressInfo).port}`)),
  )

beforeAll(async () => {
  model = openAiStandIn()
  modelHost = await listen(model)
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await staffOf(t, await makeWorld(t))
  const p = await makePerson(t, w.tenantId, {
    trueName: '王老师',
    memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
  })
  teacher = { token: await loginToken(t, p.userName), id: p.userInfoIds[0]! }
  const role = await t.db.tenant(w.tenantId, (trx) =>
    createRole(trx, { code: 'pc_page_ai', name: 'PC端页面', permissions: ['sc_menhu_pc'] }),
  )
  pageOnly = await loginToken(
    t,
    (
      await makePerson(t, w.tenantId, {
        memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [role] }],
      })
    ).userName,
  )
})
afterAll(async () => {
  await t.close()
  model.close()
})

interface Streamed {
  status: number
  contentType: string
  events: { event: string; data: string }[]
  envelope: { code: number; msg: string } | null
}

/** POSTs chat-stream and splits the raw response into its SSE events (or reads the envelope of a refusal). */
async function chat(token: string | undefined, body: Record<string, unknown>): Promise<Streamed> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${ASSISTANT_API}/chat-stream`,
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const contentType = String(res.headers['content-type'] ?? '')
  if (!contentType.startsWith('text/event-stream'))
    return { status: res.statusCode, contentType, events: [], envelope: res.json() }
  const events = res.payload
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n')
      return {
        event: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? '',
        data: lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n'),
      }
    })
  return { status: res.statusCode, contentType, events, envelope: null }
}

const parsed = (r: Streamed): AssistantEventData[] =>
  r.events.filter((e) => e.data !== ASSISTANT_END).map((e) => JSON.parse(e.data) as AssistantEventData)
const text = (r: Streamed) =>
  parsed(r)
    .flatMap((e) => (e.type === 'delta' ? [e.content] : []))
    .join('')
const source = (r: Streamed) =>
  parsed(r).find((e): e is Extract<AssistantEventData, { type: 'source' }> => e.type === 'source')

const A = ASSISTANT_ADMIN_API
const messages = (userInfoId: number) =>
  t.db.tenant(w.tenantId, (trx) =>
    trx.selectFrom('assistant_message').selectAll().where('user_info_id', '=', userInfoId).orderBy('id').execute(),
  )

describe('the calls of 000 §7.5', () => {
  it('refuses callers without a session (401)', async () => {
    expect((await call(t, { url: `${ASSISTANT_API}/isEnableAssistant` })).status).toBe(401)
    expect(
      (await call(t, { url: `${ASSISTANT_API}/startOrEndToChat`, body: { userInfoId: teacher.id, status: 1 } })).status,
    ).toBe(401)
    const r = await chat(undefined, { content: '老师如何请假？', userInfoId: teacher.id })
    expect(r.status).toBe(401)
    expect(r.envelope?.code).toBe(401)
  })

  it('is on by default; starts and ends only the caller’s own conversation', async () => {
    expect((await call(t, { url: `${ASSISTANT_API}/isEnableAssistant`, token: teacher.token })).data).toBe(true)
    const start = await call(t, {
      url: `${ASSISTANT_API}/startOrEndToChat`,
      token: teacher.token,
      body: { userInfoId: teacher.id, status: 1 },
    })
    expect(start.code).toBe(0)
    expect(typeof start.data).toBe('number')
    const theirs = await call(t, {
      url: `${ASSISTANT_API}/startOrEndToChat`,
      token: s.teacher,
      body: { userInfoId: teacher.id, status: 0 },
    })
    expect([theirs.status, theirs.msg]).toEqual([403, AssistantMsg.NOT_YOURS])
    const bad = await call(t, {
      url: `${ASSISTANT_API}/startOrEndToChat`,
      token: teacher.token,
      body: { userInfoId: teacher.id, status: 2 },
    })
    expect([bad.status, bad.msg]).toEqual([400, '状态只能为0或1'])
    const open = () =>
      t.db.tenant(w.tenantId, (trx) =>
        trx
          .selectFrom('assistant_conversation')
          .select('id')
          .where('user_info_id', '=', teacher.id)
          .where('ended_at', 'is', null)
          .execute(),
      )
    expect(await open()).toHaveLength(1)
    expect(
      (
        await call(t, {
          url: `${ASSISTANT_API}/startOrEndToChat`,
          token: teacher.token,
          body: { userInfoId: teacher.id, status: 0 },
        })
      ).code,
    ).toBe(0)
    expect(await open()).toHaveLength(0)
  })

  it('streams the teacher leave how-to from the tenant’s help articles, then [end], and logs it', async () => {
    const r = await chat(teacher.token, { content: '老师如何请假？', userInfoId: teacher.id })
    expect(r.status).toBe(200)
    expect(r.contentType).toMatch(/^text\/event-stream/)
    expect(r.events.every((e) => e.event === ASSISTANT_EVENT)).toBe(true)
    expect(r.events.at(-1)!.data).toBe(ASSISTANT_END)
    expect(source(r)).toEqual({ type: 'source', source: 'help', title: '老师如何请假' })
    expect(parsed(r).filter((e) => e.type === 'delta').length).toBeGreaterThan(3)
    expect(text(r)).toContain('【老师如何请假】')
    expect(text(r)).toContain('调课安排')
    const log = (await messages(teacher.id)).at(-1)!
    expect(log).toMatchObject({
      question: '老师如何请假？',
      source: 'help',
      source_title: '老师如何请假',
      org_id: w.schoolId,
    })
    expect(log.answer).toBe(text(r))
    // The reply's end marker ends the conversation (000 §4).
    const conv = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('assistant_conversation')
        .selectAll()
        .where('id', '=', log.conversation_id!)
        .executeTakeFirstOrThrow(),
    )
    expect(conv.ended_at).not.toBeNull()
  })

  it('tells the student how-to from the teacher one, and says so when no article fits', async () => {
    const student = await chat(teacher.token, { content: '学生如何请假', userInfoId: teacher.id })
    expect(source(student)?.title).toBe('学生如何请假')
    expect(text(student)).toContain('班主任审批')
    const none = await chat(teacher.token, { content: '食堂几点开饭？', userInfoId: teacher.id })
    expect(source(none)).toEqual({ type: 'source', source: 'none', title: null })
    expect(text(none)).toBe(AssistantMsg.NO_ANSWER)
  })

  it('refuses another user’s id, a blank, too long or NUL message, and writes nothing', async () => {
    const before = (await messages(teacher.id)).length
    const theirs = await chat(s.teacher, { content: '老师如何请假？', userInfoId: teacher.id })
    expect([theirs.status, theirs.envelope?.msg]).toEqual([403, AssistantMsg.NOT_YOURS])
    const blank = await chat(teacher.token, { content: '   ', userInfoId: teacher.id })
    expect([blank.status, blank.envelope?.msg]).toEqual([400, AssistantMsg.EMPTY])
    const long = await chat(teacher.token, { content: '请'.repeat(501), userInfoId: teacher.id })
    expect([long.status, long.envelope?.msg]).toEqual([400, AssistantMsg.TOO_LONG])
    const nul = await chat(teacher.token, { content: '请假\u0000', userInfoId: teacher.id })
    expect([nul.status, nul.envelope?.msg]).toEqual([400, InputMsg.ILLEGAL_CHARS])
    const wrongType = await chat(teacher.token, { content: 12, userInfoId: teacher.id })
    expect(wrongType.status).toBe(400)
    expect((await messages(teacher.id)).length).toBe(before)
  })

  it(`limits a user to ${ASSISTANT_RATE_LIMIT} messages a minute, counted in the database`, async () => {
    const p = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const token = await loginToken(t, p.userName)
    const id = p.userInfoIds[0]!
    for (let i = 0; i < ASSISTANT_RATE_LIMIT; i++)
      expect((await chat(token, { content: '学生如何请假', userInfoId: id })).status).toBe(200)
    const over = await chat(token, { content: '学生如何请假', userInfoId: id })
    expect(over.envelope).toMatchObject({ code: AssistantErrorCode.RATE_LIMITED, msg: AssistantMsg.RATE_LIMITED })
    // Someone else is not held back by this user's count.
    expect((await chat(teacher.token, { content: '学生如何请假', userInfoId: teacher.id })).status).toBe(200)
    t.clock.advance(61_000)
    expect((await chat(token, { content: '学生如何请假', userInfoId: id })).status).toBe(200)
  })
})

describe('maintenance: help articles', () => {
  it('new tenants start with the two leave how-tos', async () => {
    const r = await call(t, { url: `${A}/article/page`, token: foreign.bureauAdmin })
    expect(r.data.list.map((a: { title: string }) => a.title).sort()).toEqual(['学生如何请假', '老师如何请假'])
  })

  it('401 signed out, 403 without the page or button codes, top org only', async () => {
    expect((await call(t, { url: `${A}/article/page` })).status).toBe(401)
    expect((await call(t, { url: `${A}/article/page`, token: teacher.token })).status).toBe(403)
    expect((await call(t, { url: `${A}/log/page`, token: teacher.token })).status).toBe(403)
    expect((await call(t, { url: `${A}/config/get`, token: teacher.token })).status).toBe(403)
    expect((await call(t, { url: `${A}/article/page`, token: pageOnly })).code).toBe(0)
    const body = { title: '如何修改密码', body: '在个人中心修改。' }
    expect((await call(t, { url: `${A}/article/add`, token: pageOnly, body })).status).toBe(403)
    expect(
      (await call(t, { url: `${A}/config/save`, token: pageOnly, body: { enabled: false, provider: 'builtin' } }))
        .status,
    ).toBe(403)
    // A school administrator holds the codes, but the articles are the whole tenant's.
    expect((await call(t, { url: `${A}/article/add`, token: s.schoolAdmin, body })).status).toBe(403)
  })

  it('adds an article the answerer then finds (also by a Latin word), edits and deletes it', async () => {
    const add = await call(t, {
      url: `${A}/article/add`,
      token: s.bureauAdmin,
      body: {
        title: '如何导入教师名单',
        keywords: 'Excel 批量',
        body: '在“教师管理”点击“导入”，下载模板，按模板填写后上传Excel文件。',
      },
    })
    expect(add.code).toBe(0)
    const id = add.data as number
    const r = await chat(teacher.token, { content: 'excel怎么弄', userInfoId: teacher.id })
    expect(source(r)?.title).toBe('如何导入教师名单')
    const upd = await call(t, {
      url: `${A}/article/update`,
      token: s.bureauAdmin,
      body: { id, title: '如何导入教师名单', keywords: 'Excel', body: '新的正文：导入教师', enabled: false },
    })
    expect(upd.code).toBe(0)
    // A disabled article is not used.
    expect(source(await chat(teacher.token, { content: 'excel怎么弄', userInfoId: teacher.id }))?.source).toBe('none')
    expect((await call(t, { url: `${A}/article/delete`, token: s.bureauAdmin, body: { id } })).code).toBe(0)
    expect((await call(t, { url: `${A}/article/delete`, token: s.bureauAdmin, body: { id } })).status).toBe(404)
  })

  it('another tenant’s article id is not found; bad input is refused with nothing written', async () => {
    const mineArticle = (await call(t, { url: `${A}/article/page`, token: s.bureauAdmin })).data.list[0] as {
      id: number
      title: string
    }
    const upd = await call(t, {
      url: `${A}/article/update`,
      token: foreign.bureauAdmin,
      body: { id: mineArticle.id, title: '改掉', body: '改掉' },
    })
    expect([upd.status, upd.msg]).toEqual([404, AssistantMsg.ARTICLE_NOT_FOUND])
    expect(
      (await call(t, { url: `${A}/article/delete`, token: foreign.bureauAdmin, body: { id: mineArticle.id } })).status,
    ).toBe(404)
    const count = () =>
      t.db.tenant(w.tenantId, async (trx) =>
        Number((await sql<{ n: string }>`SELECT count(*) AS n FROM help_article`.execute(trx)).rows[0]!.n),
      )
    const before = await count()
    const nul = await call(t, {
      url: `${A}/article/add`,
      token: s.bureauAdmin,
      body: { title: '标题\u0000', body: '正文' },
    })
    expect([nul.status, nul.msg]).toEqual([400, InputMsg.ILLEGAL_CHARS])
    const long = await call(t, {
      url: `${A}/article/add`,
      token: s.bureauAdmin,
      body: { title: '标题', body: '长'.repeat(5001) },
    })
    expect([long.status, long.msg]).toEqual([400, AssistantMsg.BODY_LONG])
    const type = await call(t, { url: `${A}/article/add`, token: s.bureauAdmin, body: { title: 5, body: '正文' } })
    expect(type.status).toBe(400)
    const blank = await call(t, { url: `${A}/article/add`, token: s.bureauAdmin, body: { title: '  ', body: '正文' } })
    expect([blank.status, blank.msg]).toEqual([400, AssistantMsg.TITLE_REQUIRED])
    expect(await count()).toBe(before)
    expect(
      (await call(t, { url: `${A}/article/page`, token: s.bureauAdmin })).data.list.find(
        (a: { id: number }) => a.id === mineArticle.id,
      ).title,
    ).toBe(mineArticle.title)
  })
})

describe('maintenance: the model and the log', () => {
  it('answers through an OpenAI-compatible model with the best article as context; the key is sealed and never returned', async () => {
    const save = (body: Record<string, unknown>) => call(t, { url: `${A}/config/save`, token: s.bureauAdmin, body })
    expect(
      (await save({ enabled: true, provider: 'openai', baseUrl: `${modelHost}/v1`, model: 'gpt-4o-mini' })).msg,
    ).toBe(AssistantMsg.KEY_REQUIRED)
    expect((await save({ enabled: true, provider: 'openai', baseUrl: 'ftp://x', model: 'm', apiKey: 'k' })).msg).toBe(
      AssistantMsg.BASE_URL_BAD,
    )
    expect(
      (
        await save({
          enabled: true,
          provider: 'openai',
          baseUrl: `${modelHost}/v1`,
          model: 'gpt-4o-mini',
          apiKey: MODEL_KEY,
        })
      ).code,
    ).toBe(0)
    const got = await call(t, { url: `${A}/config/get`, token: s.bureauAdmin })
    expect(got.data).toEqual({
      enabled: true,
      provider: 'openai',
      baseUrl: `${modelHost}/v1`,
      model: 'gpt-4o-mini',
      hasKey: true,
      editable: true,
    })
    expect(JSON.stringify(got)).not.toContain(MODEL_KEY)
    const stored = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('assistant_config').select('api_key_sealed').executeTakeFirstOrThrow(),
    )
    expect(stored.api_key_sealed).not.toContain(MODEL_KEY)
    expect(t.ctx.secrets.open(stored.api_key_sealed!)).toBe(MODEL_KEY)

    const r = await chat(teacher.token, { content: '老师如何请假？', userInfoId: teacher.id })
    expect(source(r)).toEqual({ type: 'source', source: 'model', title: '老师如何请假' })
    expect(text(r)).toBe('您好，老师请假请打开“请假”应用。')
    expect(r.events.at(-1)!.data).toBe(ASSISTANT_END)
    const sent = modelCalls.at(-1)!
    expect(sent.auth).toBe(`Bearer ${MODEL_KEY}`)
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', stream: true })
    expect(sent.body.messages[0]!.content).toContain('调课安排')
    expect(sent.body.messages[1]).toEqual({ role: 'user', content: '老师如何请假？' })
    expect((await messages(teacher.id)).at(-1)).toMatchObject({
      source: 'model',
      answer: '您好，老师请假请打开“请假”应用。',
    })

    // Saving again without a key keeps the stored one.
    expect((await save({ enabled: true, provider: 'openai', baseUrl: `${modelHost}/v1`, model: 'gpt-4o' })).code).toBe(
      0,
    )
    expect((await call(t, { url: `${A}/config/get`, token: s.bureauAdmin })).data.hasKey).toBe(true)
  })

  it('a refusing model ends the stream with an error event, then [end]', async () => {
    expect(
      (
        await call(t, {
          url: `${A}/config/save`,
          token: s.bureauAdmin,
          body: { enabled: true, provider: 'openai', baseUrl: `${modelHost}/v1`, model: 'm', apiKey: 'sk-wrong' },
        })
      ).code,
    ).toBe(0)
    const r = await chat(teacher.token, { content: '老师如何请假？', userInfoId: teacher.id })
    expect(parsed(r).at(-1)).toEqual({ type: 'error', msg: AssistantMsg.MODEL_FAILED })
    expect(r.events.at(-1)!.data).toBe(ASSISTANT_END)
    // Back to the built-in answerer: the key is deleted.
    expect(
      (await call(t, { url: `${A}/config/save`, token: s.bureauAdmin, body: { enabled: true, provider: 'builtin' } }))
        .code,
    ).toBe(0)
    const stored = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('assistant_config').select('api_key_sealed').executeTakeFirstOrThrow(),
    )
    expect(stored.api_key_sealed).toBeNull()
  })

  it('switched off, isEnableAssistant says false and chat-stream refuses', async () => {
    expect(
      (await call(t, { url: `${A}/config/save`, token: s.bureauAdmin, body: { enabled: false, provider: 'builtin' } }))
        .code,
    ).toBe(0)
    expect((await call(t, { url: `${ASSISTANT_API}/isEnableAssistant`, token: teacher.token })).data).toBe(false)
    expect((await chat(teacher.token, { content: '老师如何请假？', userInfoId: teacher.id })).envelope).toMatchObject({
      code: AssistantErrorCode.DISABLED,
    })
    // Another tenant is unaffected.
    expect((await call(t, { url: `${ASSISTANT_API}/isEnableAssistant`, token: foreign.teacher })).data).toBe(true)
    expect(
      (await call(t, { url: `${A}/config/save`, token: s.bureauAdmin, body: { enabled: true, provider: 'builtin' } }))
        .code,
    ).toBe(0)
  })

  it('the log shows questions and answers of the admin’s org and below only', async () => {
    const all = await call(t, { url: `${A}/log/page?pageSize=100`, token: s.bureauAdmin })
    const row = all.data.list.find(
      (r: { userInfoId: number; question: string; source: string }) =>
        r.userInfoId === teacher.id && r.question === '学生如何请假' && r.source === 'help',
    )
    expect(row).toMatchObject({ userName: '王老师', orgName: '测试一小', sourceTitle: '学生如何请假' })
    expect(row.answer).toContain('班主任审批')
    expect((await call(t, { url: `${A}/log/page`, token: s.schoolAdmin })).data.total).toBe(all.data.total)
    expect((await call(t, { url: `${A}/log/page`, token: s.school2Admin })).data.total).toBe(0)
    expect((await call(t, { url: `${A}/log/page`, token: foreign.bureauAdmin })).data.total).toBe(0)
    expect(
      (await call(t, { url: `${A}/log/page?keyword=${encodeURIComponent('王老师')}`, token: s.bureauAdmin })).data
        .total,
    ).toBeGreaterThan(0)
  })

  it('a phone or ID number typed into a question leaves the log masked (issue 26 point 2)', async () => {
    await chat(teacher.token, {
      content: '我的手机13812345678和身份证11010519491231002X怎么改？',
      userInfoId: teacher.id,
    })
    const all = await call(t, { url: `${A}/log/page?pageSize=100`, token: s.bureauAdmin })
    const row = all.data.list.find((r: { question: string }) => r.question.startsWith('我的手机'))
    expect(row.question).toBe('我的手机138****5678和身份证110105**********2X怎么改？')
    expect(JSON.stringify(all.data)).not.toContain('13812345678')
  })
})
