import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * The school-year roll-over (issue 27 points 1, 2; docs/school-year.md "Roll-over plan, preview, approval and run"):
 * the tenant's plan from one school year to the next (one per target year), its schools with their run state, the
 * students a school marked to repeat, and the report of each school's run (one row per change). The changes
 * themselves are journaled in school_year_journal under 'rollover:<plan>:<school>' for the undo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  const tenant = `tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE`
  await run(`CREATE TABLE rollover_plan (
    ${tenant},
    id bigserial,
    from_year text NOT NULL CHECK (from_year ~ '^[0-9]{4}-[0-9]{4}$'),
    to_year text NOT NULL CHECK (to_year ~ '^[0-9]{4}-[0-9]{4}$'),
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'approved', 'running', 'done')),
    created_by bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    approved_by bigint,
    approved_at timestamptz,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, created_by) REFERENCES user_info (tenant_id, id) ON DELETE SET NULL (created_by),
    FOREIGN KEY (tenant_id, approved_by) REFERENCES user_info (tenant_id, id) ON DELETE SET NULL (approved_by))`)
  await protectTenantTable(db, 'rollover_plan')
  // One plan per tenant and target year: two creations at once, one wins.
  await run(`CREATE UNIQUE INDEX rollover_plan_year ON rollover_plan (tenant_id, to_year)`)
  // A school of the plan. queued: asked to run in the background (run without a school), cleared when tried.
  await run(`CREATE TABLE rollover_school (
    ${tenant},
    plan_id bigint NOT NULL,
    org_id bigint NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed', 'undone')),
    queued boolean NOT NULL DEFAULT false,
    error text,
    attempts int NOT NULL DEFAULT 0,
    intake_classes int CHECK (intake_classes BETWEEN 0 AND 50),
    summary jsonb,
    started_at timestamptz,
    finished_at timestamptz,
    PRIMARY KEY (tenant_id, plan_id, org_id),
    FOREIGN KEY (tenant_id, plan_id) REFERENCES rollover_plan (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, org_id) REFERENCES org_unit (tenant_id, id) ON DELETE CASCADE)`)
  await protectTenantTable(db, 'rollover_school')
  await run(`CREATE INDEX rollover_school_queued ON rollover_school (plan_id) WHERE queued`)
  await run(`CREATE TABLE rollover_repeat (
    ${tenant},
    plan_id bigint NOT NULL,
    user_info_id bigint NOT NULL,
    org_id bigint NOT NULL,
    created_by bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, plan_id, user_info_id),
    FOREIGN KEY (tenant_id, plan_id) REFERENCES rollover_plan (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, user_info_id) REFERENCES user_info (tenant_id, id) ON DELETE CASCADE)`)
  await protectTenantTable(db, 'rollover_repeat')
  await run(`CREATE TABLE rollover_report (
    ${tenant},
    id bigserial,
    plan_id bigint NOT NULL,
    org_id bigint NOT NULL,
    kind text NOT NULL,
    subject text NOT NULL,
    from_value text,
    to_value text,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, plan_id) REFERENCES rollover_plan (tenant_id, id) ON DELETE CASCADE)`)
  await protectTenantTable(db, 'rollover_report')
  await run(`CREATE INDEX rollover_report_school ON rollover_report (tenant_id, plan_id, org_id, id)`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'DROP TABLE IF EXISTS rollover_report; DROP TABLE IF EXISTS rollover_repeat; DROP TABLE IF EXISTS rollover_school; DROP TABLE IF EXISTS rollover_plan',
    )
    .execute(db)
}
