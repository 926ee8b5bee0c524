import { type Kysely, sql } from 'kysely'
import { protectTenantTable } from './tenant-rls.js'

/**
 * Which of the school's subjects (base data, table subject) a teacher teaches in a class: one row per class teacher
 * (class_teacher) and subject, kept on the class-teacher screen (modules/campus) and read by the directory API and
 * the zx:school claims (docs/open-platform.md). A row goes with its class-teacher row (ON DELETE CASCADE); a subject
 * still taught cannot be deleted (the subject's delete answers in Chinese).
 *
 * The change feed: a teacher whose subjects changed is written to directory_change as entity `teacher_subject`,
 * keyed by the teacher's member id (user_info), one row per teacher and statement, so the teachers' delta and the
 * person.changed webhook name the teacher, also when the rows went with a class or a removed class teacher.
 */
const TENANT_ID = `tenant_id bigint NOT NULL DEFAULT current_setting('zx.tenant_id')::bigint REFERENCES tenant(id) ON DELETE CASCADE`

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE class_teacher_subject (
    ${TENANT_ID}, class_id bigint NOT NULL, user_info_id bigint NOT NULL, subject_id bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, class_id, user_info_id, subject_id),
    FOREIGN KEY (tenant_id, class_id, user_info_id) REFERENCES class_teacher (tenant_id, class_id, user_info_id)
      ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, subject_id) REFERENCES subject (tenant_id, id))`)
  // The directory and the claims read by teacher; a subject's delete checks its references.
  await run(`CREATE INDEX class_teacher_subject_user ON class_teacher_subject (tenant_id, user_info_id)`)
  await run(`CREATE INDEX class_teacher_subject_subject ON class_teacher_subject (tenant_id, subject_id)`)
  await protectTenantTable(db, 'class_teacher_subject')
  for (const [suffix, rows] of [
    ['new', 'new_rows'],
    ['old', 'old_rows'],
  ] as const) {
    await run(`CREATE FUNCTION zx_directory_change_class_teacher_subject_${suffix}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO directory_change (tenant_id, entity, entity_id, action, org_id)
        SELECT DISTINCT r.tenant_id, 'teacher_subject', r.user_info_id, lower(TG_OP), NULL::bigint FROM ${rows} r;
        RETURN NULL;
      END $$`)
  }
  const t = 'class_teacher_subject'
  await run(`CREATE TRIGGER ${t}_change_ins AFTER INSERT ON ${t} REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION zx_directory_change_${t}_new()`)
  await run(`CREATE TRIGGER ${t}_change_upd AFTER UPDATE ON ${t} REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION zx_directory_change_${t}_new()`)
  await run(`CREATE TRIGGER ${t}_change_del AFTER DELETE ON ${t} REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION zx_directory_change_${t}_old()`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP TABLE IF EXISTS class_teacher_subject`)
  for (const suffix of ['new', 'old']) {
    await run(`DROP FUNCTION IF EXISTS zx_directory_change_class_teacher_subject_${suffix}()`)
  }
}
