import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * The school year (issue 27; docs/school-year.md): a per-year enrolment history of students (person × school year ×
 * school × grade × class × status × dates × previous row), so a year's classes can still be answered after students
 * move on, and a student's study status (在读 / 休学) that roll-over, transfers and the statistics read.
 * `user_info.class_id` stays the live pointer every screen reads; enrolment rows are written where a year closes or a
 * student changes school (roll-over, intake, transfer), never kept in step with every edit. Feeder schools name where
 * a school's graduates go on to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE enrolment (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    id bigserial,
    user_info_id bigint NOT NULL,
    school_year text NOT NULL CHECK (school_year ~ '^[0-9]{4}-[0-9]{4}$'),
    org_id bigint NOT NULL,
    grade_id bigint,
    class_id bigint,
    status text NOT NULL CHECK (status IN ('enrolled', 'suspended', 'promoted', 'repeated', 'graduated', 'transferred', 'left')),
    started_on date NOT NULL,
    ended_on date,
    previous_id bigint,
    source text NOT NULL CHECK (source IN ('rollover', 'intake', 'transfer', 'change', 'import')),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_info_id) REFERENCES user_info (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, org_id) REFERENCES org_unit (tenant_id, id),
    FOREIGN KEY (tenant_id, grade_id) REFERENCES grade (tenant_id, id),
    FOREIGN KEY (tenant_id, class_id) REFERENCES school_class (tenant_id, id),
    FOREIGN KEY (tenant_id, previous_id) REFERENCES enrolment (tenant_id, id))`)
  await protectTenantTable(db, 'enrolment')
  await run(`CREATE INDEX enrolment_person ON enrolment (tenant_id, user_info_id, school_year)`)
  await run(`CREATE INDEX enrolment_school_year ON enrolment (tenant_id, org_id, school_year)`)
  // Feeder schools (对口直升): the district's 小学 whose graduates a 初中 takes in; intake offers them.
  await run(`CREATE TABLE feeder_school (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    from_org_id bigint NOT NULL,
    to_org_id bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, from_org_id, to_org_id),
    CHECK (from_org_id <> to_org_id),
    FOREIGN KEY (tenant_id, from_org_id) REFERENCES org_unit (tenant_id, id),
    FOREIGN KEY (tenant_id, to_org_id) REFERENCES org_unit (tenant_id, id))`)
  await protectTenantTable(db, 'feeder_school')
  // The undo journal of a bulk change (modules/school-year/journal.ts): each row it inserted or updated, with the
  // values before and after, under the change's key ('rollover:<plan>:<school>').
  await run(`CREATE TABLE school_year_journal (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    id bigserial,
    journal_key text NOT NULL,
    seq int NOT NULL,
    table_name text NOT NULL,
    row_id bigint NOT NULL,
    op text NOT NULL CHECK (op IN ('insert', 'update', 'delete')),
    before jsonb,
    after jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id))`)
  await protectTenantTable(db, 'school_year_journal')
  await run(`CREATE INDEX school_year_journal_key ON school_year_journal (tenant_id, journal_key, id)`)
  // Transfers inside the district (转入申请 → 转出审核 → 教育局审核): pending while applied or agreed, or approved and
  // not yet effective (done_at null). modules/transfers owns it; roll-over lists pending ones as exceptions.
  await run(`CREATE TABLE transfer_request (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    id bigserial,
    user_info_id bigint NOT NULL,
    from_org_id bigint NOT NULL,
    to_org_id bigint NOT NULL,
    to_class_id bigint,
    status text NOT NULL CHECK (status IN ('applied', 'out_agreed', 'approved', 'refused', 'cancelled')),
    reason text,
    applied_by bigint NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    out_due date NOT NULL,
    out_by bigint,
    out_at timestamptz,
    bureau_due date,
    bureau_by bigint,
    bureau_at timestamptz,
    effective_on date,
    done_at timestamptz,
    refused_reason text,
    PRIMARY KEY (tenant_id, id),
    CHECK (from_org_id <> to_org_id),
    FOREIGN KEY (tenant_id, user_info_id) REFERENCES user_info (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, from_org_id) REFERENCES org_unit (tenant_id, id),
    FOREIGN KEY (tenant_id, to_org_id) REFERENCES org_unit (tenant_id, id),
    FOREIGN KEY (tenant_id, to_class_id) REFERENCES school_class (tenant_id, id))`)
  await protectTenantTable(db, 'transfer_request')
  // One open request per student at a time.
  await run(`CREATE UNIQUE INDEX transfer_request_open ON transfer_request (tenant_id, user_info_id)
    WHERE status IN ('applied', 'out_agreed') OR (status = 'approved' AND done_at IS NULL)`)
  // 在读 or 休学: set by a 休学 / 复学 change (modules/people/change-service.ts), read by roll-over and transfers.
  await run(`ALTER TABLE user_info ADD COLUMN study_status text NOT NULL DEFAULT 'enrolled'
    CHECK (study_status IN ('enrolled', 'suspended'))`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'ALTER TABLE user_info DROP COLUMN study_status; DROP TABLE IF EXISTS transfer_request; DROP TABLE IF EXISTS school_year_journal; DROP TABLE IF EXISTS feeder_school; DROP TABLE IF EXISTS enrolment',
    )
    .execute(db)
}
