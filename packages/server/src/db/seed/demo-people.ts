import { UserType } from '@zhixiao/shared'
import type { Trx } from '../database.js'
import { insertMembers, type NewMember } from '../../modules/people/members.js'
import { NameMaker, prng, type Sex } from './demo-names.js'
import type { SeededClass } from './demo-school.js'
import type { DemoOrgs, DemoStructure, SchoolKey } from './demo-structure.js'

/**
 * The demo district's staff, students and parents, added the way an import adds them (insertMembers: account,
 * login name, membership, built-in role) with the tenant's initial password, so each must set their own at first
 * login; then the named demo accounts are given their places (departments, a class, a child).
 */

/** True names of the named demo accounts, never given to a generated person. */
const RESERVED = ['陈主任', '周科员', '孙校长', '张老师', '李老师', '王老师', '赵老师', '王小明', '刘女士']

interface TeacherPlan {
  dept: string
  position: string
  title: string
  subject: string
  head?: SeededClass
}
interface SchoolPeoplePlan {
  key: SchoolKey
  leaders: TeacherPlan[]
  /** Subjects (with their department) of the head teachers, in turn. */
  headSubjects: [subject: string, dept: string][]
  specialists: TeacherPlan[]
  titles: string[]
  /** Classes whose head teacher is a named demo account. */
  namedHeads: string[]
  studentsPerClass: number
  parents: boolean
}

/** Digits inside 学号 and 工号 that tell the schools apart (login names are unique across the platform). */
const SCHOOL_CODE: Record<SchoolKey, string> = { primary: '11', middle: '12', college: '13' }

const classKey = (c: SeededClass) => `${c.gradeName}${c.name}`
/** 学号: entry year, school code, class number and seat, e.g. 2024110201. */
const studentNo = (c: SeededClass, school: string, seat: number) =>
  `${c.entryYear}${school}${String(c.no).padStart(2, '0')}${String(seat).padStart(2, '0')}`
/** 王小明's class (xiaoming), led by 张老师 (zhanglaoshi). */
const NAMED_STUDENT_CLASS = '三年级(2)班'

/** Where the named staff accounts work: department, position, 工号, subject and the class they lead. */
interface Placement {
  userName: string
  org: keyof DemoOrgs
  dept: string
  position: string
  jobNo?: string
  subject?: string
  head?: string
  /** Classes where the account is a 任课教师 of its subject (class_teacher without is_head). */
  teaches?: string[]
}
function placements(s: DemoStructure): Placement[] {
  const firstYear = `${s.schoolYear}级机电${String(s.schoolYear % 100).padStart(2, '0')}01班`
  return [
    { userName: 'jyjadmin', org: 'bureau', dept: '办公室', position: '主任' },
    { userName: 'jyjstaff', org: 'bureau', dept: '基础教育科', position: '科员' },
    { userName: 'xxadmin', org: 'primary', dept: '校长室', position: '校长', jobNo: 'T11901', subject: '数学' },
    {
      userName: 'zhanglaoshi',
      org: 'primary',
      dept: '语文教研组',
      position: '班主任',
      jobNo: 'T11902',
      subject: '语文',
      head: NAMED_STUDENT_CLASS,
    },
    {
      userName: 'lilaoshi',
      org: 'primary',
      dept: '数学教研组',
      position: '教师',
      jobNo: 'T11903',
      subject: '数学',
      teaches: [NAMED_STUDENT_CLASS],
    },
    {
      userName: 'lilaoshi',
      org: 'middle',
      dept: '数学教研组',
      position: '教师',
      jobNo: 'T12901',
      subject: '数学',
      teaches: ['七年级(1)班'],
    },
    {
      userName: 'wanglaoshi',
      org: 'middle',
      dept: '语文教研组',
      position: '班主任',
      jobNo: 'T12902',
      subject: '语文',
      head: '七年级(1)班',
    },
    {
      userName: 'zhaolaoshi',
      org: 'college',
      dept: '机电工程系',
      position: '班主任',
      jobNo: 'T13901',
      subject: '机械制图',
      head: firstYear,
    },
  ]
}

function plans(s: DemoStructure): SchoolPeoplePlan[] {
  const t = (dept: string, position: string, title: string, subject: string): TeacherPlan => ({
    dept,
    position,
    title,
    subject,
  })
  const namedHeads = (key: SchoolKey) => placements(s).flatMap((p) => (p.org === key && p.head ? [p.head] : []))
  return [
    {
      key: 'primary',
      studentsPerClass: 6,
      parents: true,
      namedHeads: namedHeads('primary'),
      leaders: [
        t('校长室', '副校长', '高级教师', '语文'),
        t('教务处', '教务主任', '高级教师', '数学'),
        t('德育处', '德育主任', '一级教师', '道德与法治'),
        t('英语教研组', '教研组长', '一级教师', '英语'),
        t('综合教研组', '教研组长', '一级教师', '科学'),
      ],
      headSubjects: [
        ['语文', '语文教研组'],
        ['数学', '数学教研组'],
        ['语文', '语文教研组'],
        ['英语', '英语教研组'],
        ['数学', '数学教研组'],
      ],
      specialists: [
        t('综合教研组', '教师', '二级教师', '体育'),
        t('综合教研组', '教师', '一级教师', '音乐'),
        t('综合教研组', '教师', '二级教师', '美术'),
      ],
      titles: ['高级教师', '一级教师', '一级教师', '二级教师'],
    },
    {
      key: 'middle',
      studentsPerClass: 3,
      parents: true,
      namedHeads: namedHeads('middle'),
      leaders: [t('教务处', '教务主任', '高级教师', '数学')],
      headSubjects: [
        ['英语', '英语教研组'],
        ['数学', '数学教研组'],
        ['语文', '语文教研组'],
      ],
      specialists: [t('理化生教研组', '教师', '一级教师', '物理'), t('理化生教研组', '教师', '二级教师', '化学')],
      titles: ['高级教师', '一级教师', '二级教师'],
    },
    {
      key: 'college',
      studentsPerClass: 3,
      parents: false,
      namedHeads: namedHeads('college'),
      leaders: [t('教务处', '主任', '副教授', '高等数学'), t('学生工作处', '主任', '讲师', '思想道德与法治')],
      headSubjects: [
        ['机械制图', '机电工程系'],
        ['C语言程序设计', '信息工程系'],
        ['电子商务基础', '经济管理系'],
      ],
      specialists: [t('信息工程系', '教师', '讲师', 'C语言程序设计')],
      titles: ['副教授', '讲师', '讲师'],
    },
  ]
}

/** Every class gets a head teacher (班主任): a named account where planned, else a generated one. */
function roster(p: SchoolPeoplePlan, classes: SeededClass[]): TeacherPlan[] {
  const heads = classes
    .filter((c) => !p.namedHeads.includes(classKey(c)))
    .map((c, i): TeacherPlan => {
      const [subject, dept] = p.headSubjects[i % p.headSubjects.length]!
      return { dept, position: '班主任', title: p.titles[i % p.titles.length]!, subject, head: c }
    })
  return [...p.leaders, ...heads, ...p.specialists]
}

interface Born {
  m: NewMember
  sex: Sex
  person?: { politicalStatusId: number; educationId: number; degreeId: number }
  /** The class a generated 班主任 leads, and the subject they teach in it. */
  heads?: SeededClass
  teaches?: string
}
interface Guardian {
  b: Born
  children: NewMember[]
  relation: string
}
interface Pupil {
  c: SeededClass
  sex: Sex
  surname: string
  jobNo: string
}

/** Staff of one school: the roster with Chinese names, 工号, department, position, title and phone (the login name). */
function teachersOf(
  p: SchoolPeoplePlan,
  orgId: number,
  s: DemoStructure,
  names: NameMaker,
  phone: () => string,
): Born[] {
  const { dict } = s
  return roster(p, s.classes[p.key]).map((t, i) => {
    const sex: Sex = names.chance(0.7) ? 1 : 0
    const master = names.chance(0.3)
    const tel = phone()
    return {
      sex,
      heads: t.head,
      teaches: t.subject,
      person: {
        politicalStatusId: dict('politicalStatus', names.chance(0.4) ? '中共党员' : '群众'),
        educationId: dict('education', master ? '研究生' : '大学本科'),
        degreeId: dict('degree', master ? '硕士' : '学士'),
      },
      m: {
        orgId,
        userType: UserType.STAFF,
        trueName: names.name(sex, 'adult'),
        userName: tel,
        phone: tel,
        jobNo: `T${SCHOOL_CODE[p.key]}${String(i + 1).padStart(3, '0')}`,
        deptId: s.departments[p.key].get(t.dept)!,
        positionId: dict('position', t.position),
        titleId: dict('title', t.title),
        teacherTypeId: dict('teacherType', t.position === '教师' || t.position === '班主任' ? '专任教师' : '行政人员'),
        enteredOn: `${2002 + ((i * 7) % 22)}-08-28`,
        remark: t.head ? `${classKey(t.head)}班主任，任教${t.subject}` : `任教${t.subject}`,
      },
    }
  })
}

/** The pupils of every class; 学号 = entry year, school, class and seat (seat 1 of 三年级(2)班 is 王小明's). */
function pupilsOf(p: SchoolPeoplePlan, s: DemoStructure, names: NameMaker): Pupil[] {
  return s.classes[p.key].flatMap((c) =>
    Array.from({ length: p.studentsPerClass }, (_, i) => {
      const seat = i + 1 + (p.key === 'primary' && classKey(c) === NAMED_STUDENT_CLASS ? 1 : 0)
      return {
        c,
        sex: (names.chance(0.5) ? 1 : 0) as Sex,
        surname: names.surname(),
        jobNo: studentNo(c, SCHOOL_CODE[p.key], seat),
      }
    }),
  )
}

/** Families: a few pairs of an older and a younger pupil (who takes the older one's surname), the rest single children. */
function familiesOf(pupils: Pupil[], schoolYear: number): Pupil[][] {
  const older = pupils.filter((x) => x.c.entryYear <= schoolYear - 3)
  const younger = pupils.filter((x) => x.c.entryYear > schoolYear - 3)
  const paired = new Set<Pupil>()
  const families: Pupil[][] = []
  for (let k = 0; k < Math.min(8, older.length, younger.length); k++) {
    const a = older[(k * 5) % older.length]!
    const b = younger[(k * 7 + 3) % younger.length]!
    if (paired.has(a) || paired.has(b)) continue
    paired.add(a).add(b)
    b.surname = a.surname
    families.push([a, b])
  }
  return [...families, ...pupils.filter((x) => !paired.has(x)).map((x) => [x])]
}

/** One or two guardians per family (mother, father or a grandparent), each with a phone as the login name. */
function guardiansOf(
  families: Pupil[][],
  kids: Map<Pupil, NewMember>,
  orgId: number,
  names: NameMaker,
  phone: () => string,
): Guardian[] {
  return families.flatMap((family) => {
    const roll = names.random()
    const first = roll < 0.55 ? '母亲' : roll < 0.9 ? '父亲' : names.chance(0.5) ? '祖母' : '外祖父'
    const both = (first === '母亲' || first === '父亲') && names.chance(0.15)
    return (both ? [first, first === '母亲' ? '父亲' : '母亲'] : [first]).map((relation): Guardian => {
      const sex: Sex = relation === '母亲' || relation === '祖母' ? 1 : 0
      const tel = phone()
      return {
        relation,
        children: family.map((x) => kids.get(x)!),
        b: {
          sex,
          m: {
            orgId,
            userType: UserType.PARENT,
            trueName: names.name(sex, 'adult', relation === '父亲' ? family[0]!.surname : names.surname()),
            userName: tel,
            phone: tel,
          },
        },
      }
    })
  })
}

export async function seedPeople(
  trx: Trx,
  tenantId: number,
  orgs: DemoOrgs,
  s: DemoStructure,
  initialHash: string,
): Promise<void> {
  const names = new NameMaker(prng(20261123), RESERVED)
  const unitAttrs = new Map(
    (await trx.selectFrom('org_unit').select(['id', 'unit_attr']).where('id', 'in', Object.values(orgs)).execute()).map(
      (o) => [o.id, o.unit_attr],
    ),
  )
  let phones = 0
  const phone = (prefix: string) => () => `${prefix}${String(++phones).padStart(8, '0')}`
  const born: Born[] = []
  const guardians: Guardian[] = []
  for (const p of plans(s)) {
    const orgId = orgs[p.key]
    born.push(...teachersOf(p, orgId, s, names, phone('139')))
    const pupils = pupilsOf(p, s, names)
    const families = p.parents ? familiesOf(pupils, s.schoolYear) : []
    const kids = new Map(
      pupils.map((x): [Pupil, NewMember] => [
        x,
        {
          orgId,
          userType: UserType.STUDENT,
          trueName: names.name(x.sex, 'child', x.surname),
          userName: x.jobNo,
          phone: null,
          jobNo: x.jobNo,
          classId: x.c.id,
          enteredOn: `${x.c.entryYear}-09-01`,
        },
      ]),
    )
    born.push(...pupils.map((x) => ({ sex: x.sex, m: kids.get(x)! })))
    const theirs = guardiansOf(families, kids, orgId, names, phone('137'))
    born.push(...theirs.map((g) => g.b))
    guardians.push(...theirs)
  }
  const ids = await insertMembers(
    trx,
    tenantId,
    initialHash,
    born.map((b) => b.m),
    unitAttrs,
  )
  const idOf = new Map(born.map((b, i) => [b.m, ids[i]!]))
  await trx
    .insertInto('person')
    .values(
      born.map((b) => ({
        account_id: b.m.accountId!,
        sex: b.sex,
        political_status_id: b.person?.politicalStatusId ?? null,
        education_id: b.person?.educationId ?? null,
        degree_id: b.person?.degreeId ?? null,
      })),
    )
    .execute()
  await trx
    .insertInto('parent_child')
    .values(
      guardians.flatMap((g) =>
        g.children.map((c) => ({ parent_id: idOf.get(g.b.m)!, child_id: idOf.get(c)!, relation: g.relation })),
      ),
    )
    .execute()
  // Every generated 班主任 leads their class where the rest of the system looks for one (class_teacher.is_head: the
  // class home, the campus portal's "my classes", the directory's head_teacher that the school apps route leave by).
  const heads = born.filter((b) => b.heads)
  if (heads.length) {
    await trx
      .insertInto('class_teacher')
      .values(heads.map((b) => ({ class_id: b.heads!.id, user_info_id: idOf.get(b.m)!, is_head: true })))
      .execute()
    // …and teaches their subject in it (the directory's and the zx:school claim's classes[].subjects).
    const subjects = await subjectIds(trx)
    await trx
      .insertInto('class_teacher_subject')
      .values(
        heads.map((b) => ({
          class_id: b.heads!.id,
          user_info_id: idOf.get(b.m)!,
          subject_id: subjects(b.m.orgId, b.teaches!),
        })),
      )
      .execute()
  }
}

/** The seeded subjects by school and name (demo-structure's seedSubjects). */
async function subjectIds(trx: Trx) {
  const rows = await trx.selectFrom('subject').select(['id', 'org_id', 'name']).execute()
  return (orgId: number, name: string) => {
    const r = rows.find((x) => x.org_id === orgId && x.name === name)
    if (!r) throw new Error(`demo seed: no subject ${name} in org ${orgId}`)
    return r.id
  }
}

/** Gives the named demo accounts their places: staff their departments and classes, 王小明 his class and his mother. */
export async function placeNamedPeople(trx: Trx, orgs: DemoOrgs, s: DemoStructure): Promise<void> {
  const members = await trx
    .selectFrom('user_info as u')
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .select(['u.id', 'u.org_id', 'a.user_name'])
    .execute()
  const idOf = (userName: string, orgId: number) => {
    const m = members.find((x) => x.user_name === userName && x.org_id === orgId)
    if (!m) throw new Error(`demo seed: ${userName} is not a member of org ${orgId}`)
    return m.id
  }
  for (const p of placements(s)) {
    await trx
      .updateTable('user_info')
      .set({
        dept_id: s.departments[p.org].get(p.dept)!,
        position_id: s.dict('position', p.position),
        job_no: p.jobNo ?? null,
        remark: p.subject ? `${p.head ? `${p.head}班主任，` : ''}任教${p.subject}` : null,
      })
      .where('id', '=', idOf(p.userName, orgs[p.org]))
      .execute()
  }
  // The named head teachers lead their class in the campus portal's "my classes" (class_teacher, docs/portal-config.md)
  // and teach their subject in it; lilaoshi teaches 数学 in 王小明's class and in wanglaoshi's.
  const subjects = await subjectIds(trx)
  for (const p of placements(s)) {
    if (p.org === 'bureau' || !p.subject) continue
    const classes = s.classes[p.org]
    const links = [
      ...(p.head ? [{ key: p.head, head: true }] : []),
      ...(p.teaches ?? []).map((key) => ({ key, head: false })),
    ]
    for (const l of links) {
      const c = classes.find((x) => classKey(x) === l.key)
      if (!c) throw new Error(`demo seed: no class ${l.key} for ${p.userName}`)
      const userInfoId = idOf(p.userName, orgs[p.org])
      await trx
        .insertInto('class_teacher')
        .values({ class_id: c.id, user_info_id: userInfoId, is_head: l.head })
        .execute()
      await trx
        .insertInto('class_teacher_subject')
        .values({ class_id: c.id, user_info_id: userInfoId, subject_id: subjects(orgs[p.org], p.subject) })
        .execute()
    }
  }
  const c = s.classes.primary.find((x) => classKey(x) === NAMED_STUDENT_CLASS)!
  const xiaoming = idOf('xiaoming', orgs.primary)
  await trx
    .updateTable('user_info')
    .set({ class_id: c.id, job_no: studentNo(c, SCHOOL_CODE.primary, 1), entered_on: `${c.entryYear}-09-01` })
    .where('id', '=', xiaoming)
    .execute()
  await trx
    .insertInto('parent_child')
    .values({ parent_id: idOf('xiaomingmama', orgs.primary), child_id: xiaoming, relation: '母亲' })
    .execute()
}
