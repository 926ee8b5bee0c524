import type { AppMigration } from '../kit/types.js'

/**
 * The grades app's tables (prefixed grades_). Scores and lines are kept in tenths of a mark (integers), so 95.5 is
 * 955: a score has at most one decimal and sums and comparisons stay exact. People are the app's `sub`.
 */
export const gradesMigrations: AppMigration[] = [
  {
    id: '202611270900_grades_exam',
    sql: `
CREATE TABLE grades_exam (
  id serial PRIMARY KEY,
  school_id integer NOT NULL,
  name varchar(30) NOT NULL,
  exam_date date NOT NULL,
  created_by varchar(128) NOT NULL,
  created_by_name varchar(64) NOT NULL,
  status varchar(16) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX grades_exam_school ON grades_exam (school_id, exam_date DESC);
CREATE INDEX grades_exam_creator ON grades_exam (created_by);

CREATE TABLE grades_exam_class (
  exam_id integer NOT NULL REFERENCES grades_exam (id) ON DELETE CASCADE,
  class_id integer NOT NULL,
  -- The class's name when the exam was set, so a renamed or archived class still reads right in old results.
  class_name varchar(64) NOT NULL,
  PRIMARY KEY (exam_id, class_id)
);
CREATE INDEX grades_exam_class_class ON grades_exam_class (class_id);

CREATE TABLE grades_subject (
  id serial PRIMARY KEY,
  exam_id integer NOT NULL REFERENCES grades_exam (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  name varchar(20) NOT NULL,
  full_tenths integer NOT NULL CHECK (full_tenths BETWEEN 10 AND 10000),
  pass_tenths integer NOT NULL CHECK (pass_tenths BETWEEN 0 AND full_tenths),
  excellent_tenths integer NOT NULL CHECK (excellent_tenths BETWEEN pass_tenths AND full_tenths),
  UNIQUE (exam_id, name)
);

-- One row per student and subject entered: a score, or 缺考 (score_tenths null). No row: not entered yet.
CREATE TABLE grades_score (
  exam_id integer NOT NULL REFERENCES grades_exam (id) ON DELETE CASCADE,
  subject_id integer NOT NULL REFERENCES grades_subject (id) ON DELETE CASCADE,
  student_sub varchar(128) NOT NULL,
  class_id integer NOT NULL,
  -- The student's name and 学号 when the score was entered: results stay readable after a student leaves.
  student_name varchar(64) NOT NULL,
  student_no varchar(32),
  score_tenths integer CHECK (score_tenths >= 0),
  absent boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subject_id, student_sub),
  CHECK ((score_tenths IS NULL) = absent)
);
CREATE INDEX grades_score_exam ON grades_score (exam_id, class_id);
CREATE INDEX grades_score_student ON grades_score (student_sub);

-- Who (a student or a guardian) has opened which child's results of a published exam: the red dot counts the rest.
CREATE TABLE grades_seen (
  exam_id integer NOT NULL REFERENCES grades_exam (id) ON DELETE CASCADE,
  viewer_sub varchar(128) NOT NULL,
  student_sub varchar(128) NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exam_id, viewer_sub, student_sub)
);

-- The counts last sent to the hub, so a count that falls to 0 is sent once as 0 (which clears the red dot).
CREATE TABLE grades_badge (
  sub varchar(128) PRIMARY KEY,
  count integer NOT NULL
);
`,
  },
]
