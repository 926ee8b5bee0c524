import {
  PeopleMsg,
  RELATIONS,
  UserType,
  parentAddBody,
  studentAddBody,
  teacherAddBody,
  type ImportKind,
} from '@zhixiao/shared'
import type { z } from 'zod'
import type { Trx } from '../../db/database.js'
import type { AuthInfo } from '../../platform/context.js'
import { AppError } from '../../platform/errors.js'
import type { ReadRow } from '../../platform/excel.js'
import type { ImportKindDef, JobInfo, Rejected } from '../imports/kinds.js'
import { defaultPasswordHash, insertMembers, type NewMember } from './members.js'
import { findUnitAttr } from './member-queries.js'
import {
  accountsInOrg,
  accountsWithPhones,
  idCardsIn,
  jobNosOf,
  listActiveDictItems,
  listDepartmentNames,
  listLiveClasses,
  loginNamesIn,
  releaseSavepoint,
  rollbackToSavepoint,
  savepoint,
  studentNumbers,
} from './import-queries.js'
import { bindNewParent } from './parent-service.js'
import { PARENT_COLUMNS, STUDENT_COLUMNS, TEACHER_COLUMNS } from './columns.js'

const SEX: Record<string, number> = { 男: 0, 女: 1 }
const firstIssue = (e: z.ZodError) => e.issues[0]?.message ?? '数据有误'

/** Validates a row with the add form's schema, so an import accepts exactly what the form accepts. */
function parse<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; reason: string } {
  const r = schema.safeParse(values)
  return r.success ? { ok: true, data: r.data } : { ok: false, reason: firstIssue(r.error) }
}

function sexOf(v: string): number | null | 'bad' {
  if (!v) return null
  return SEX[v] ?? 'bad'
}

/**
 * Inserts a batch in one statement group; if a concurrent writer took a name in between, retries the rows
 * one by one under savepoints so only the colliding rows are rejected.
 */
async function insertBatch(
  trx: Trx,
  job: JobInfo,
  hash: string,
  members: { row: ReadRow; m: NewMember }[],
  unitAttrs: Map<number, number>,
): Promise<Rejected[]> {
  if (!members.length) return []
  await savepoint(trx, 'batch')
  try {
    await insertMembers(
      trx,
      job.tenantId,
      hash,
      members.map((x) => x.m),
      unitAttrs,
    )
    await releaseSavepoint(trx, 'batch')
    return []
  } catch {
    await rollbackToSavepoint(trx, 'batch')
  }
  const rejected: Rejected[] = []
  for (const x of members) {
    x.m.accountId = x.m.accountId ?? null
    await savepoint(trx, 'one')
    try {
      await insertMembers(trx, job.tenantId, hash, [x.m], unitAttrs)
      await releaseSavepoint(trx, 'one')
    } catch (e) {
      await rollbackToSavepoint(trx, 'one')
      rejected.push({ row: x.row, reason: reasonOf(e) })
    }
  }
  return rejected
}

function reasonOf(e: unknown): string {
  const m = `${(e as { constraint?: string }).constraint ?? ''} ${(e as Error).message ?? ''}`
  if (m.includes('login_name')) return PeopleMsg.LOGIN_TAKEN
  if (m.includes('user_info_job_no')) return PeopleMsg.JOB_NO_TAKEN
  if (m.includes('person_id_card')) return PeopleMsg.ID_CARD_TAKEN
  if (m.includes('account_id_org_id')) return PeopleMsg.ALREADY_MEMBER
  return e instanceof AppError ? e.message : '写入失败'
}

/** Rows whose value repeats an earlier row of the file or a value already taken are rejected with `reason`. */
class Taken {
  private seen = new Set<string>()
  constructor(initial: Iterable<string> = []) {
    for (const v of initial) this.seen.add(v)
  }
  has(v: string | null | undefined): boolean {
    return !!v && this.seen.has(v)
  }
  add(v: string | null | undefined): void {
    if (v) this.seen.add(v)
  }
}

/** Login names and ID cards of the batch already used elsewhere (one query each). */
async function takenInDb(trx: Trx, names: string[], idCards: string[]) {
  const n = names.length ? await loginNamesIn(trx, names) : []
  const c = idCards.length ? await idCardsIn(trx, idCards) : []
  return { names: new Set(n.map((r) => r.user_name)), cards: new Set(c.map((r) => r.id_card!)) }
}

async function unitAttrs(trx: Trx, orgId: number) {
  const o = await findUnitAttr(trx, orgId)
  return new Map([[orgId, o.unit_attr]])
}

const student: ImportKindDef = {
  columns: STUDENT_COLUMNS,
  schoolOnly: true,
  async prepare(ctx, trx, job) {
    const hash = await defaultPasswordHash(ctx, trx, job.tenantId)
    const classes = await listLiveClasses(trx, job.orgId)
    const classOf = new Map(classes.map((c) => [`${c.gradeName}\u0000${c.name}`, c.id]))
    const numbers = await jobNosOf(trx, job.orgId, UserType.STUDENT)
    const jobNos = new Taken(numbers.map((r) => r.job_no!))
    const names = new Taken()
    const cards = new Taken()
    const attrs = await unitAttrs(trx, job.orgId)
    return {
      async write(trx2, rows) {
        const rejected: Rejected[] = []
        const ok: { row: ReadRow; m: NewMember; idCard: string | null }[] = []
        for (const row of rows) {
          const v = row.values
          const sex = sexOf(v.sex ?? '')
          if (sex === 'bad') {
            rejected.push({ row, reason: '性别应为男或女' })
            continue
          }
          const classId = classOf.get(`${v.grade}\u0000${v.className}`)
          if (!v.grade || !v.className) {
            rejected.push({ row, reason: '请填写年级和班级' })
            continue
          }
          if (classId === undefined) {
            rejected.push({ row, reason: `班级不存在：${v.grade}${v.className}` })
            continue
          }
          const p = parse(studentAddBody, {
            trueName: v.trueName,
            jobNo: v.jobNo,
            classId,
            sex,
            idCard: v.idCard || null,
            phone: v.phone || null,
            enteredOn: v.enteredOn || null,
            remark: v.remark || null,
            userName: v.userName || null,
          })
          if (!p.ok) {
            rejected.push({ row, reason: p.reason })
            continue
          }
          const d = p.data
          const userName = d.userName ?? d.jobNo
          if (jobNos.has(d.jobNo)) {
            rejected.push({ row, reason: PeopleMsg.STUDENT_NO_TAKEN })
            continue
          }
          if (names.has(userName)) {
            rejected.push({ row, reason: PeopleMsg.LOGIN_TAKEN })
            continue
          }
          if (cards.has(d.idCard)) {
            rejected.push({ row, reason: PeopleMsg.ID_CARD_TAKEN })
            continue
          }
          jobNos.add(d.jobNo)
          names.add(userName)
          cards.add(d.idCard)
          ok.push({
            row,
            idCard: d.idCard,
            m: {
              orgId: job.orgId,
              userType: UserType.STUDENT,
              trueName: d.trueName,
              userName,
              phone: d.phone,
              jobNo: d.jobNo,
              classId: d.classId,
              enteredOn: d.enteredOn,
              remark: d.remark,
              importJobId: job.id,
              person: d.idCard || d.sex != null ? { idCard: d.idCard, sex: d.sex } : null,
            },
          })
        }
        const db = await takenInDb(
          trx2,
          ok.map((x) => x.m.userName),
          ok.flatMap((x) => (x.idCard ? [x.idCard] : [])),
        )
        const fresh = ok.filter((x) => {
          const reason = db.names.has(x.m.userName)
            ? PeopleMsg.LOGIN_TAKEN
            : x.idCard && db.cards.has(x.idCard)
              ? PeopleMsg.ID_CARD_TAKEN
              : null
          if (reason) rejected.push({ row: x.row, reason })
          return !reason
        })
        rejected.push(...(await insertBatch(trx2, job, hash, fresh, attrs)))
        return rejected
      },
    }
  },
}

const teacher: ImportKindDef = {
  columns: TEACHER_COLUMNS,
  schoolOnly: false,
  async prepare(ctx, trx, job) {
    const hash = await defaultPasswordHash(ctx, trx, job.tenantId)
    const depts = await listDepartmentNames(trx, job.orgId)
    const deptOf = new Map(depts.rows.map((d) => [d.name, Number(d.id)]))
    const dicts = await listActiveDictItems(trx, job.orgId)
    const dictOf = (type: string, name: string): number | null | 'bad' => {
      if (!name) return null
      return dicts.find((d) => d.dict_type === type && d.name === name)?.id ?? 'bad'
    }
    const numbers = await jobNosOf(trx, job.orgId, UserType.STAFF)
    const jobNos = new Taken(numbers.map((r) => r.job_no!))
    const names = new Taken()
    const phones = new Taken()
    const cards = new Taken()
    const attrs = await unitAttrs(trx, job.orgId)
    const DICT_COLS: [keyof NewMember | 'politicalStatusId' | 'educationId' | 'degreeId', string, string, string][] = [
      ['positionId', 'position', 'position', '职务'],
      ['titleId', 'title', 'title', '职称'],
      ['teacherTypeId', 'teacherType', 'teacherType', '教师类型'],
      ['politicalStatusId', 'political', 'politicalStatus', '政治面貌'],
      ['educationId', 'education', 'education', '学历'],
      ['degreeId', 'degree', 'degree', '学位'],
    ]
    return {
      async write(trx2, rows) {
        const rejected: Rejected[] = []
        const ok: { row: ReadRow; m: NewMember; idCard: string | null }[] = []
        for (const row of rows) {
          const v = row.values
          const sex = sexOf(v.sex ?? '')
          if (sex === 'bad') {
            rejected.push({ row, reason: '性别应为男或女' })
            continue
          }
          const deptId = v.dept ? deptOf.get(v.dept) : null
          if (deptId === undefined) {
            rejected.push({ row, reason: `部门不存在：${v.dept}` })
            continue
          }
          const ids: Record<string, number | null> = {}
          const badDict = DICT_COLS.find(([field, col, type]) => {
            const id = dictOf(type, v[col] ?? '')
            if (id === 'bad') return true
            ids[field] = id
            return false
          })
          if (badDict) {
            // The reason is kept with the row: a withheld field (政治面貌) is named without its value.
            const shown = TEACHER_COLUMNS.find((c) => c.key === badDict[1])?.personal ? '' : `：${v[badDict[1]]}`
            rejected.push({ row, reason: `${badDict[3]}不存在${shown}` })
            continue
          }
          const p = parse(teacherAddBody, {
            trueName: v.trueName,
            phone: v.phone,
            userName: v.userName || null,
            jobNo: v.jobNo || null,
            sex,
            idCard: v.idCard || null,
            deptId,
            ...ids,
            enteredOn: v.enteredOn || null,
            email: v.email || null,
            remark: v.remark || null,
          })
          if (!p.ok) {
            rejected.push({ row, reason: p.reason })
            continue
          }
          const d = p.data
          const userName = d.userName ?? d.phone
          if (d.jobNo && jobNos.has(d.jobNo)) {
            rejected.push({ row, reason: PeopleMsg.JOB_NO_TAKEN })
            continue
          }
          if (phones.has(d.phone) || names.has(userName)) {
            rejected.push({ row, reason: '文件中手机号或登录名重复' })
            continue
          }
          if (cards.has(d.idCard)) {
            rejected.push({ row, reason: PeopleMsg.ID_CARD_TAKEN })
            continue
          }
          jobNos.add(d.jobNo)
          names.add(userName)
          phones.add(d.phone)
          cards.add(d.idCard)
          ok.push({
            row,
            idCard: d.idCard,
            m: {
              orgId: job.orgId,
              userType: UserType.STAFF,
              trueName: d.trueName,
              userName,
              phone: d.phone,
              jobNo: d.jobNo,
              deptId: d.deptId,
              positionId: d.positionId,
              titleId: d.titleId,
              teacherTypeId: d.teacherTypeId,
              enteredOn: d.enteredOn,
              remark: d.remark,
              importJobId: job.id,
              person: {
                idCard: d.idCard,
                sex: d.sex,
                politicalStatusId: d.politicalStatusId,
                educationId: d.educationId,
                degreeId: d.degreeId,
                email: d.email,
              },
            },
          })
        }
        // A phone that already has an account of the tenant: this org is added to it (a teacher of two schools).
        const existing = ok.length
          ? await accountsWithPhones(
              trx2,
              ok.map((x) => x.m.phone!),
            )
          : []
        const accountOf = new Map(existing.map((a) => [a.phone!, a.id]))
        const members = existing.length
          ? await accountsInOrg(
              trx2,
              job.orgId,
              existing.map((a) => a.id),
            )
          : []
        const inOrg = new Set(members.map((m) => m.account_id))
        const db = await takenInDb(
          trx2,
          ok.filter((x) => !accountOf.has(x.m.phone!)).map((x) => x.m.userName),
          ok.flatMap((x) => (x.idCard && !accountOf.has(x.m.phone!) ? [x.idCard] : [])),
        )
        const fresh = ok.filter((x) => {
          const acc = accountOf.get(x.m.phone!)
          let reason: string | null = null
          if (acc !== undefined) {
            if (inOrg.has(acc)) reason = PeopleMsg.ALREADY_MEMBER
            else {
              x.m.accountId = acc
              x.m.person = null
            }
          } else if (db.names.has(x.m.userName)) reason = PeopleMsg.LOGIN_TAKEN
          else if (x.idCard && db.cards.has(x.idCard)) reason = PeopleMsg.ID_CARD_TAKEN
          if (reason) rejected.push({ row: x.row, reason })
          return !reason
        })
        rejected.push(...(await insertBatch(trx2, job, hash, fresh, attrs)))
        return rejected
      },
    }
  },
}

const parent: ImportKindDef = {
  columns: PARENT_COLUMNS,
  schoolOnly: true,
  async prepare(ctx, trx, job) {
    const kids = await studentNumbers(trx, job.orgId)
    const childOf = new Map(kids.map((k) => [k.job_no!, k.id]))
    // The import acts with the uploader's reach, limited to the job's org.
    const auth: AuthInfo = {
      sessionId: '',
      tenantId: job.tenantId,
      accountId: 0,
      userInfoId: job.createdBy,
      orgId: job.orgId,
    }
    return {
      async write(trx2, rows) {
        const rejected: Rejected[] = []
        for (const row of rows) {
          const v = row.values
          const childId = childOf.get(v.childNo ?? '')
          if (!v.childNo) {
            rejected.push({ row, reason: '请填写学生学号' })
            continue
          }
          if (childId === undefined) {
            rejected.push({ row, reason: `学生不存在：${v.childNo}` })
            continue
          }
          if (!(RELATIONS as readonly string[]).includes(v.relation ?? '')) {
            rejected.push({ row, reason: `关系应为${RELATIONS.join('、')}之一` })
            continue
          }
          const p = parse(parentAddBody, {
            trueName: v.trueName,
            phone: v.phone,
            userName: v.userName || null,
            childId,
            relation: v.relation,
          })
          if (!p.ok) {
            rejected.push({ row, reason: p.reason })
            continue
          }
          await savepoint(trx2, 'one')
          try {
            await bindNewParent(ctx, trx2, auth, p.data, job.id)
            await releaseSavepoint(trx2, 'one')
          } catch (e) {
            await rollbackToSavepoint(trx2, 'one')
            rejected.push({ row, reason: reasonOf(e) })
          }
        }
        return rejected
      },
    }
  },
}

/** The people module's kinds of import (registered with modules/imports by app.ts). */
export const PEOPLE_IMPORT_KINDS = { teacher, student, parent } satisfies Partial<Record<ImportKind, ImportKindDef>>
