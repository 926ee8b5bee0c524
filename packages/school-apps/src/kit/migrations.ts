import type { AppMigration } from './types.js'

/**
 * The kit's own tables, before any app's: sign-in sessions and pending sign-ins, and the directory mirror (each row
 * keyed by the app: every app has its own client at the hub, so its own subject ids for the same people).
 */
export const kitMigrations: AppMigration[] = [
  {
    id: '202611270800_kit_sessions',
    sql: `
CREATE TABLE kit_session (
  id_hash text PRIMARY KEY,            -- SHA-256 of the cookie's random id: a leaked table row opens no session
  app_key text NOT NULL,
  sub text NOT NULL,
  sid text,                            -- the hub's session id (back-channel logout names it)
  viewer jsonb NOT NULL,
  id_token text NOT NULL,              -- the hint for RP-initiated logout
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX kit_session_sid ON kit_session (app_key, sid);
CREATE INDEX kit_session_sub ON kit_session (app_key, sub);
CREATE INDEX kit_session_expires ON kit_session (expires_at);
CREATE TABLE kit_login (
  flow_hash text PRIMARY KEY,          -- SHA-256 of the browser's flow cookie: binds the callback to this browser
  app_key text NOT NULL,
  state text NOT NULL,
  nonce text NOT NULL,
  verifier text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX kit_login_expires ON kit_login (expires_at);
`,
  },
  {
    id: '202611270801_kit_directory',
    sql: `
CREATE TABLE dir_school (
  app_key text NOT NULL, id bigint NOT NULL, name text NOT NULL, parent_id bigint,
  PRIMARY KEY (app_key, id)
);
CREATE TABLE dir_grade (
  app_key text NOT NULL, id bigint NOT NULL, name text NOT NULL, school_id bigint NOT NULL, entry_year int,
  PRIMARY KEY (app_key, id)
);
CREATE TABLE dir_class (
  app_key text NOT NULL, id bigint NOT NULL, name text NOT NULL, school_id bigint NOT NULL, grade_id bigint NOT NULL,
  head_teacher text,
  PRIMARY KEY (app_key, id)
);
CREATE INDEX dir_class_school ON dir_class (app_key, school_id);
CREATE TABLE dir_person (
  app_key text NOT NULL, sub text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('teacher', 'student', 'guardian')),
  name text NOT NULL, school_id bigint NOT NULL, class_id bigint, grade_id bigint,
  department_id bigint, department_name text, number text,
  PRIMARY KEY (app_key, sub)
);
CREATE INDEX dir_person_class ON dir_person (app_key, class_id) WHERE class_id IS NOT NULL;
CREATE INDEX dir_person_school ON dir_person (app_key, school_id, kind);
CREATE TABLE dir_teacher_class (
  app_key text NOT NULL, teacher_sub text NOT NULL, class_id bigint NOT NULL, is_head boolean NOT NULL,
  PRIMARY KEY (app_key, teacher_sub, class_id)
);
CREATE INDEX dir_teacher_class_class ON dir_teacher_class (app_key, class_id);
CREATE TABLE dir_guardian_child (
  app_key text NOT NULL, guardian_sub text NOT NULL, child_sub text NOT NULL, relation text,
  PRIMARY KEY (app_key, guardian_sub, child_sub)
);
CREATE INDEX dir_guardian_child_child ON dir_guardian_child (app_key, child_sub);
-- Per list, the as_of of its last read: the next delta's updated_since.
CREATE TABLE dir_sync (
  app_key text NOT NULL, list text NOT NULL, as_of text NOT NULL, synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_key, list)
);
`,
  },
]
