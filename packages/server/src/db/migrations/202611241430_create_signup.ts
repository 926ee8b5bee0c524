import { type Kysely, sql } from 'kysely'
import { protectTenantTable } from './tenant-rls.js'

/**
 * Sign-up and requests to join (issue 13, docs/auth.md "Sign-up"):
 * - signup_ticket: a verified sign-up code's single-use ticket for signUp/v2 (hashed, 15 minutes);
 * - signup_record: one sign-up per phone per tenant (its key is the guard against two simultaneous sign-ups);
 * - signup_pass: the registration pass of a signed-up person who belongs to no organisation yet (hashed, 2 hours);
 * - org_register_switch: whether an organisation takes requests from parents / teachers (no row: both open);
 * - join_request gains the child a parent names, the relation, where the request came from, and a 4th state
 *   (3 withdrawn), fixed by a CHECK.
 */
const TENANT_ID = `tenant_id bigint NOT NULL DEFAULT current_setting('zx.tenant_id')::bigint REFERENCES tenant(id) ON DELETE CASCADE`
const TABLES = ['signup_ticket', 'signup_record', 'signup_pass', 'org_register_switch']

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE signup_ticket (
    ${TENANT_ID}, id text NOT NULL, phone text NOT NULL, expires_at timestamptz NOT NULL, used_at timestamptz,
    PRIMARY KEY (tenant_id, id))`)
  await run(`CREATE TABLE signup_record (
    ${TENANT_ID}, phone text NOT NULL, account_id bigint NOT NULL, true_name text NOT NULL, created_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, phone), UNIQUE (tenant_id, account_id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES account (tenant_id, id) ON DELETE CASCADE)`)
  await run(`CREATE TABLE signup_pass (
    ${TENANT_ID}, id text NOT NULL, account_id bigint NOT NULL, expires_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES account (tenant_id, id) ON DELETE CASCADE)`)
  await run(`CREATE TABLE org_register_switch (
    ${TENANT_ID}, org_id bigint NOT NULL, parent_open boolean NOT NULL, teacher_open boolean NOT NULL,
    updated_by bigint, updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, org_id),
    FOREIGN KEY (tenant_id, org_id) REFERENCES org_unit (tenant_id, id) ON DELETE CASCADE)`)
  for (const t of TABLES) {
    await protectTenantTable(db, t)
  }

  await run(`ALTER TABLE join_request
    ADD COLUMN child_id bigint, ADD COLUMN child_no text, ADD COLUMN child_name text, ADD COLUMN relation text,
    ADD COLUMN source text NOT NULL DEFAULT 'member', ADD COLUMN updated_at timestamptz,
    ADD CONSTRAINT join_request_status CHECK (status IN (0, 1, 2, 3)),
    ADD CONSTRAINT join_request_source CHECK (source IN ('member', 'signup')),
    ADD CONSTRAINT join_request_child FOREIGN KEY (tenant_id, child_id) REFERENCES user_info (tenant_id, id) ON DELETE SET NULL (child_id)`)
  // The limits count an account's waiting requests and a student's waiting requests (docs/auth.md).
  await run(`CREATE INDEX join_request_account ON join_request (tenant_id, account_id, status)`)
  await run(`CREATE INDEX join_request_child_pending ON join_request (tenant_id, child_id) WHERE status = 0`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP INDEX IF EXISTS join_request_child_pending, join_request_account`)
  await run(`ALTER TABLE join_request DROP CONSTRAINT IF EXISTS join_request_child, DROP CONSTRAINT IF EXISTS join_request_source,
    DROP CONSTRAINT IF EXISTS join_request_status, DROP COLUMN child_id, DROP COLUMN child_no, DROP COLUMN child_name, DROP COLUMN relation,
    DROP COLUMN source, DROP COLUMN updated_at`)
  for (const t of [...TABLES].reverse()) await run(`DROP TABLE IF EXISTS ${t}`)
}
