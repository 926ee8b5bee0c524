import { ErrorCode, InputMsg, Msg } from '@zhixiao/shared'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DatabaseUnavailable, isConnectionLoss } from '../src/db/database.js'
import { installErrorHandler } from '../src/platform/error-handler.js'

// Which failures mean "the database is away" (answered 503, docs/deploy.md "When the database goes away") and which
// do not. The errors are shaped as pg and Kysely throw them; db-fault.test.ts provokes the real ones on a PostgreSQL
// server. Nothing here touches a database, so the PostgreSQL pass skips this file (scripts/test-all.mjs).
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' })
const socketError = (code: string) => Object.assign(new Error(`read ${code}`), { code, errno: -104, syscall: 'read' })

const lost: Record<string, Error> = {
  'a backend terminated (57P01)': pgError('57P01', 'terminating connection due to administrator command'),
  'the server crashed (57P02)': pgError('57P02', 'terminating connection because of crash of another server process'),
  'the server starting (57P03)': pgError('57P03', 'the database system is starting up'),
  'a connection failure (08006)': pgError('08006', 'connection failure'),
  'too many connections (53300)': pgError('53300', 'sorry, too many clients already'),
  'a reset socket': socketError('ECONNRESET'),
  'the socket ended under a query': new Error('Connection terminated unexpectedly'),
  'a client whose connection failed': new Error('Client has encountered a connection error and is not queryable'),
  'no connection could be opened': new DatabaseUnavailable(
    Object.assign(new Error('database "x" is not currently accepting connections'), { code: '55000' }),
  ),
  'no free connection in time': new DatabaseUnavailable(new Error('timeout exceeded when trying to connect')),
}
const notLost: Record<string, [Error, number]> = {
  'a unique violation': [pgError('23505', 'duplicate key value violates unique constraint'), 500],
  'a number out of range': [pgError('22003', 'value out of range'), 400],
  'a missing table': [pgError('42P01', 'relation "x" does not exist'), 500],
  // A provider's HTTP call failing: fetch hides the socket's errno in `cause`; the database is fine.
  'a provider unreachable': [new TypeError('fetch failed', { cause: socketError('ECONNRESET') }), 500],
}

describe('a request whose database is away', () => {
  const app = Fastify({ logger: false })
  beforeAll(async () => {
    installErrorHandler(app)
    const all = { ...lost, ...Object.fromEntries(Object.entries(notLost).map(([k, [e]]) => [k, e])) }
    app.get('/fail', async (req) => {
      throw all[(req.query as { what: string }).what]
    })
    await app.ready()
  })
  afterAll(() => app.close())
  const fail = async (what: string) => {
    const res = await app.inject({ url: '/fail', query: { what } })
    return {
      status: res.statusCode,
      retryAfter: res.headers['retry-after'],
      ...(res.json() as { code: number; msg: string; data: unknown }),
    }
  }

  it.each(Object.keys(lost))('%s: HTTP 503 {code 503, 服务器异常，请稍后再试} with Retry-After', async (what) => {
    expect(isConnectionLoss(lost[what])).toBe(true)
    expect(await fail(what)).toEqual({
      status: 503,
      retryAfter: '5',
      code: ErrorCode.SERVICE_UNAVAILABLE,
      msg: Msg.SERVER_ERROR,
      data: null,
    })
  })

  it.each(Object.keys(notLost))('%s: not a lost database, answered as before', async (what) => {
    const [err, status] = notLost[what]!
    expect(isConnectionLoss(err)).toBe(false)
    const r = await fail(what)
    expect(r.status).toBe(status)
    expect(r.msg).toBe(status === 400 ? InputMsg.NUMBER_RANGE : Msg.SERVER_ERROR)
  })
})
