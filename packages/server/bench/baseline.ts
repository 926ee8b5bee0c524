// The "bare" baseline for `npm run bench`: Fastify 5 with no plugins, validation, envelope or hooks, and the
// database driver with plain SQL strings (no Kysely, no transactions, no SET ROLE zx_app, so no row-level
// security: PGlite's user is a superuser; on PostgreSQL a superuser, or the zx_platform role per connection). The SQL is what our
// login and user/current/detail run, with the tenant filters RLS would add written out; the password check is the same
// code (Argon2id at the default parameters, as the seed stores them).
import { createHash, randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { ADMIN_ROLE, SESSION_TTL_MS } from '@zhixiao/shared'
import Fastify from 'fastify'
import pg from 'pg'
import { verifyPassword } from '../src/platform/password.js'

type Row = Record<string, unknown>
type Query = (text: string, params?: unknown[]) => Promise<Row[]>

async function connect(): Promise<{ query: Query; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    pg.types.setTypeParser(20, (v) => Number(v)) // as our Db does
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
    // Tables FORCE row-level security; a non-superuser owner would otherwise see no rows, so it takes the platform
    // role, whose policy passes every row (a superuser skips row-level security altogether).
    pool.on('connect', (c) => {
      void c.query(
        `SELECT set_config('role', 'zx_platform', false) FROM pg_roles WHERE rolname = current_user AND NOT rolsuper`,
      )
    })
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() }
  }
  const db = await PGlite.create(process.env.DATA_DIR)
  return { query: async (text, params) => (await db.query<Row>(text, params)).rows, close: () => db.close() }
}

const { query, close } = await connect()
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

const app = Fastify({ logger: false })

app.post('/login', async (req, reply) => {
  const { userName, password } = req.body as { userName: string; password: string }
  const [acc] = await query(
    `SELECT l.tenant_id, a.id, a.password_hash FROM login_name l
     JOIN account a ON a.tenant_id = l.tenant_id AND a.id = l.account_id WHERE l.user_name = $1 AND a.status = 0`,
    [userName],
  )
  if (!acc || !(await verifyPassword(password, String(acc.password_hash))))
    return reply.code(401).send({ error: 'wrong credentials' })
  const token = `t${acc.tenant_id}.${randomBytes(32).toString('base64url')}`
  const now = new Date()
  // The session goes to the first enabled membership, as our login picks orgs[0].
  const [session] = await query(
    `INSERT INTO session (tenant_id, id, account_id, user_info_id, org_id, created_at, expires_at, last_used_at, ip, user_agent)
     SELECT ui.tenant_id, $3, ui.account_id, ui.id, ui.org_id, $4, $5, $4, $6, $7 FROM user_info ui
     JOIN org_unit o ON o.tenant_id = ui.tenant_id AND o.id = ui.org_id
     WHERE ui.tenant_id = $1 AND ui.account_id = $2 AND ui.status = 0 AND o.status = 0
     ORDER BY ui.sort, ui.id LIMIT 1 RETURNING id`,
    [
      acc.tenant_id,
      acc.id,
      hashToken(token),
      now,
      new Date(+now + SESSION_TTL_MS),
      req.ip,
      req.headers['user-agent'] ?? null,
    ],
  )
  if (!session) return reply.code(403).send({ error: 'no organisation' })
  return { token, tenantId: acc.tenant_id }
})

app.get('/detail', async (req, reply) => {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? ''
  const tenantId = Number(/^t(\d{1,15})\./.exec(token)?.[1] ?? NaN)
  if (!Number.isSafeInteger(tenantId)) return reply.code(401).send({ error: 'no session' })
  const [s] = await query(
    `SELECT id, account_id, user_info_id, org_id, last_used_at, expires_at FROM session
     WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL AND expires_at > $3`,
    [tenantId, hashToken(token), new Date()],
  )
  if (!s) return reply.code(401).send({ error: 'no session' })

  const [row] = await query(
    `SELECT o.*, ui.id AS "userInfoId", ui.true_name, ui.avatar_url, ui.phone AS "infoPhone", ui.user_type,
       a.user_name, a.phone AS "accountPhone", t.tenant_module_type,
       (SELECT count(*) FROM user_info m JOIN org_unit mo ON mo.tenant_id = m.tenant_id AND mo.id = m.org_id
         WHERE m.tenant_id = $1 AND m.account_id = ui.account_id AND m.status = 0 AND mo.status = 0) AS "orgCount",
       (SELECT count(*) FROM org_unit x WHERE x.tenant_id = $1 AND x.org_type = 'org') AS "orgsInTenant"
     FROM user_info ui
     JOIN account a ON a.tenant_id = ui.tenant_id AND a.id = ui.account_id
     JOIN org_unit o ON o.tenant_id = ui.tenant_id AND o.id = ui.org_id
     JOIN tenant t ON t.id = ui.tenant_id
     WHERE ui.tenant_id = $1 AND ui.id = $2 AND ui.account_id = $3`,
    [tenantId, s.user_info_id, s.account_id],
  )
  if (!row) return reply.code(401).send({ error: 'no user' })

  const grants = await query(
    `SELECT r.code, rp.permission_code FROM user_role ur
     JOIN role r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
     LEFT JOIN role_permission rp ON rp.tenant_id = r.tenant_id AND rp.role_id = r.id
     WHERE ur.tenant_id = $1 AND ur.user_info_id = $2 AND r.status = 0`,
    [tenantId, s.user_info_id],
  )
  const roles = [...new Set(grants.map((g) => String(g.code)))]
  const permissions = roles.includes(ADMIN_ROLE)
    ? (await query('SELECT code FROM permission ORDER BY sort')).map((p) => String(p.code))
    : [...new Set(grants.flatMap((g) => (g.permission_code ? [String(g.permission_code)] : [])))]

  return {
    id: s.account_id,
    userInfoId: row.userInfoId,
    userName: row.user_name,
    trueName: row.true_name,
    avatarUrl: row.avatar_url,
    phoneNumber: row.infoPhone ?? row.accountPhone,
    orgId: row.id,
    orgName: row.name,
    tenantId,
    userType: row.user_type,
    roles,
    permissions,
    orgCount: Number(row.orgCount),
    currentOrgData: {
      orgId: row.id,
      orgCode: row.org_code,
      displayName: row.name,
      unitAttr: row.unit_attr,
      trade: row.trade,
      appType: row.app_type,
      justOneOrgTenant: Number(row.orgsInTenant) === 1,
      xdPage: row.xd_page,
      jdPage: row.jd_page,
      iconUrl: row.icon_url,
      tenantModuleType: row.tenant_module_type,
      allianceSchool: row.alliance_school,
      sportSchool: row.sport_school,
      parentId: row.parent_id,
      tenantId: row.tenant_id,
    },
  }
})

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void app
      .close()
      .then(close)
      .then(() => process.exit(0))
  })
}
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' })
