// Baseline for `npm run bench`: a bare Fastify app with the database driver and plain SQL, doing the same work
// as our login and user/current/detail (same scrypt verify, same rows read and written) without our envelope,
// validation, tenant-scoped transactions, row-level security or permission hook.
import { createHash, randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'
import pg from 'pg'
import { verifyPassword } from '../src/platform/password.js'

type Row = Record<string, unknown>
interface Sql { query(text: string, params?: unknown[]): Promise<{ rows: Row[] }> }

const port = Number(process.env.PORT)
const sqlClient: Sql = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  : await PGlite.create(process.env.DATA_DIR)

const hash = (t: string) => createHash('sha256').update(t).digest('base64url')
const app = Fastify({ logger: false })

app.post('/login', async (req, reply) => {
  const { userName, password } = req.body as { userName: string; password: string }
  const name = (await sqlClient.query('SELECT l.tenant_id, a.id, a.password_hash FROM login_name l JOIN account a ON a.tenant_id = l.tenant_id AND a.id = l.account_id WHERE l.user_name = $1', [userName])).rows[0]
  if (!name || !(await verifyPassword(password, String(name.password_hash)))) return reply.code(401).send({ ok: false })
  const ui = (await sqlClient.query('SELECT id, org_id FROM user_info WHERE tenant_id = $1 AND account_id = $2 AND status = 0 ORDER BY sort, id LIMIT 1', [name.tenant_id, name.id])).rows[0]!
  const token = `t${name.tenant_id}.${randomBytes(32).toString('base64url')}`
  await sqlClient.query(`INSERT INTO session (tenant_id, id, account_id, user_info_id, org_id, expires_at, last_used_at) VALUES ($1, $2, $3, $4, $5, now() + interval '30 days', now())`,
    [name.tenant_id, hash(token), name.id, ui.id, ui.org_id])
  await sqlClient.query(`INSERT INTO login_log (tenant_id, account_id, user_name, ip, success, reason) VALUES ($1, $2, $3, $4, true, 'ok')`, [name.tenant_id, name.id, userName, req.ip])
  return { token }
})

app.get('/detail', async (req, reply) => {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
  const tenantId = Number(/^t(\d+)\./.exec(token)?.[1])
  const s = (await sqlClient.query('SELECT account_id, user_info_id, org_id FROM session WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL AND expires_at > now()', [tenantId, hash(token)])).rows[0]
  if (!s) return reply.code(401).send({ ok: false })
  const [info, account, tenant, org, roles, members, orgs] = await Promise.all([
    sqlClient.query('SELECT * FROM user_info WHERE tenant_id = $1 AND id = $2', [tenantId, s.user_info_id]),
    sqlClient.query('SELECT * FROM account WHERE tenant_id = $1 AND id = $2', [tenantId, s.account_id]),
    sqlClient.query('SELECT * FROM tenant WHERE id = $1', [tenantId]),
    sqlClient.query('SELECT * FROM org_unit WHERE tenant_id = $1 AND id = $2', [tenantId, s.org_id]),
    sqlClient.query('SELECT r.id, r.code FROM user_role ur JOIN role r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id WHERE ur.tenant_id = $1 AND ur.user_info_id = $2 AND r.status = 0', [tenantId, s.user_info_id]),
    sqlClient.query('SELECT ui.id FROM user_info ui JOIN org_unit o ON o.tenant_id = ui.tenant_id AND o.id = ui.org_id WHERE ui.tenant_id = $1 AND ui.account_id = $2 AND ui.status = 0 AND o.status = 0', [tenantId, s.account_id]),
    sqlClient.query(`SELECT id FROM org_unit WHERE tenant_id = $1 AND org_type = 'org' LIMIT 2`, [tenantId]),
  ])
  const roleIds = roles.rows.map((r) => r.id)
  const perms = roleIds.length
    ? (await sqlClient.query('SELECT DISTINCT permission_code FROM role_permission WHERE tenant_id = $1 AND role_id = ANY($2)', [tenantId, roleIds])).rows.map((r) => r.permission_code)
    : []
  return { user: info.rows[0], account: account.rows[0]?.user_name, tenant: tenant.rows[0]?.name, org: org.rows[0], roles: roles.rows.map((r) => r.code), perms, orgCount: members.rows.length, single: orgs.rows.length === 1 }
})

await app.listen({ port, host: '127.0.0.1' })
console.log('bare ready')
