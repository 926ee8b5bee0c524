/**
 * The leave app's tables (prefix leave_), in the apps' own database. People are the app's `sub` (pairwise ids from
 * the hub); schools and classes are the hub's ids. Dates are China calendar dates; a half day is 'am' or 'pm'.
 */
import type { AppMigration } from '../kit/types.js'

export const leaveMigrations: AppMigration[] = [
  {
    id: '202611270900_leave_request',
    sql: `
CREATE TABLE leave_request (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  school_id integer NOT NULL,
  -- 'student' (asked by a guardian, decided by the class's head teacher) or 'teacher' (asked for oneself, a chain)
  kind text NOT NULL CHECK (kind IN ('student', 'teacher')),
  person_sub text NOT NULL,
  person_name text NOT NULL,
  -- The student's class when asked (teachers: null); statistics and the head teacher's views read it.
  class_id integer,
  requester_sub text NOT NULL,
  requester_name text NOT NULL,
  start_date date NOT NULL,
  start_half text NOT NULL CHECK (start_half IN ('am', 'pm')),
  end_date date NOT NULL,
  end_half text NOT NULL CHECK (end_half IN ('am', 'pm')),
  half_days integer NOT NULL CHECK (half_days BETWEEN 1 AND 60),
  type text NOT NULL CHECK (type IN ('sick', 'personal', 'other')),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  -- The chain fixed when asked ([{kind, sub}]: a later change of the settings does not move a request under way)
  -- and the step waiting now. A student's step names the head teacher at the time; the decision checks the
  -- directory's head teacher of the class now, so a new 班主任 takes over pending requests.
  chain jsonb NOT NULL,
  step integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX leave_request_person ON leave_request (person_sub, start_date);
CREATE INDEX leave_request_requester ON leave_request (requester_sub, created_at);
CREATE INDEX leave_request_school ON leave_request (school_id, start_date, end_date);
CREATE INDEX leave_request_pending_class ON leave_request (class_id) WHERE status = 'pending';

-- Each decision taken: who, which step, what and why.
CREATE TABLE leave_decision (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id integer NOT NULL REFERENCES leave_request (id) ON DELETE CASCADE,
  step integer NOT NULL,
  kind text NOT NULL,
  approver_sub text NOT NULL,
  approver_name text NOT NULL,
  approved boolean NOT NULL,
  comment text NOT NULL DEFAULT '',
  decided_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (request_id, step)
);

-- A doctor's note, kept in the database with its request (shown to the requester, the approvers and admins only).
CREATE TABLE leave_note (
  request_id integer PRIMARY KEY REFERENCES leave_request (id) ON DELETE CASCADE,
  mime text NOT NULL,
  data bytea NOT NULL
);

-- A note uploaded before its request is sent; moved into leave_note by the request's transaction, purged after a day.
CREATE TABLE leave_upload (
  id text PRIMARY KEY,
  owner_sub text NOT NULL,
  mime text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- 审批设置 per school: the leader who decides long (or headless) teacher requests and the threshold in half days.
CREATE TABLE leave_setting (
  school_id integer PRIMARY KEY,
  leader_sub text,
  threshold_half_days integer NOT NULL DEFAULT 6
);
CREATE TABLE leave_department_head (
  school_id integer NOT NULL,
  department_id integer NOT NULL,
  head_sub text NOT NULL,
  PRIMARY KEY (school_id, department_id)
);

-- The red-dot counts last sent to the hub, so a count that falls to nothing is sent as 0 once.
CREATE TABLE leave_badge (
  sub text PRIMARY KEY,
  count integer NOT NULL
);
`,
  },
]
