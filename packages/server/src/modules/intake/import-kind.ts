import { IntakeMsg, intakeSheetRow, parseIdCard, PeopleMsg, UserType } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AuthInfo } from '../../platform/context.js'
import { AppError } from '../../platform/errors.js'
import type { ReadRow, SheetColumn } from '../../platform/excel.js'
import type { ImportKindDef, Rejected } from '../imports/kinds.js'
import { releaseSavepoint, rollbackToSavepoint, savepoint } from '../people/import-queries.js'
import { defaultPasswordHash, insertMembers, unitAttrOf } from '../people/members.js'
import { bindNewParent } from '../people/parent-service.js'
import * as q from './queries.js'
import { intakeGradeOf } from './service.js'

/** The intake template (a trailing * marks a required column); personal columns echo masked in the error file. */
export const INTAKE_COLUMNS: SheetColumn[] = [
  { header: '姓名*', key: 'trueName' },
  { header: '性别*', key: 'sex', width: 8 },
  { header: '身份证号*', key: 'idCard', width: 22, personal: 'idCard' },
  { header: '学籍号', key: 'jobNo' },
  { header: '家长姓名', key: 'parentName' },
  { header: '家长手机', key: 'parentPhone', personal: 'phone' },
]

const SEX: Record<string, 0 | 1> = { 男: 0, 女: 1 }

/** Why a written row failed: the unique index a concurrent writer hit first, or the service's own refusal. */
function reasonOf(e: unknown): string {
  const m = `${(e as { constraint?: string }).constraint ?? ''} ${(e as Error).message ?? ''}`
  if (m.includes('login_name')) return PeopleMsg.LOGIN_TAKEN
  if (m.includes('user_info_job_no')) return PeopleMsg.STUDENT_NO_TAKEN
  if (m.includes('person_id_card')) return PeopleMsg.ID_CARD_TAKEN
  if (m.includes('account_id_org_id')) return PeopleMsg.ALREADY_MEMBER
  return e instanceof AppError ? e.message : '写入失败'
}

/**
 * 新生导入: new students into the school's intake grade, unplaced (分班 places them). It runs as an import job like
 * the student import (modules/imports: the file checks, batches, the error file), and like it writes the good rows and
 * lists the others with their reasons. A row is refused for a bad ID card (checksum), an ID card repeated in the
 * file, or one that is already a live student of any school of the district (the message names the school). An ID
 * card already on file otherwise (a parent, an archived student) is the same person: the membership goes on their
 * account.
 */
export const intakeImport: ImportKindDef = {
  columns: INTAKE_COLUMNS,
  schoolOnly: true,
  async prepare(ctx, trx, job) {
    const g = await intakeGradeOf(ctx, trx, job.orgId)
    const hash = await defaultPasswordHash(ctx, trx, job.tenantId)
    const attrs = await unitAttrOf(trx, job.orgId)
    const seen = new Map<string, number>()
    const auth: AuthInfo = {
      sessionId: '',
      tenantId: job.tenantId,
      accountId: 0,
      userInfoId: job.createdBy,
      orgId: job.orgId,
    }
    return {
      async write(trx2: Trx, rows: ReadRow[]): Promise<Rejected[]> {
        const rejected: Rejected[] = []
        const ok: {
          row: ReadRow
          idCard: string
          sex: 0 | 1
          birthday: string
          d: (typeof intakeSheetRow)['_output']
        }[] = []
        for (const row of rows) {
          const v = row.values
          const p = intakeSheetRow.safeParse({
            trueName: v.trueName,
            sex: v.sex || undefined,
            idCard: v.idCard ?? '',
            jobNo: v.jobNo || undefined,
            parentName: v.parentName || undefined,
            parentPhone: v.parentPhone || undefined,
          })
          if (!p.success) {
            rejected.push({ row, reason: p.error.issues[0]?.message ?? '数据有误' })
            continue
          }
          const d = p.data
          const idCard = d.idCard.toUpperCase()
          const info = parseIdCard(idCard)
          if (!info) {
            rejected.push({ row, reason: IntakeMsg.ID_CARD_BAD })
            continue
          }
          if (d.sex && SEX[d.sex] !== info.sex) {
            rejected.push({ row, reason: IntakeMsg.SEX_MISMATCH })
            continue
          }
          if (d.parentPhone && !d.parentName) {
            rejected.push({ row, reason: IntakeMsg.PARENT_NAME_NEEDED })
            continue
          }
          const earlier = seen.get(idCard)
          if (earlier !== undefined) {
            rejected.push({ row, reason: `${IntakeMsg.ID_CARD_DUP_FILE}（第${earlier}行）` })
            continue
          }
          seen.set(idCard, row.rowNumber)
          ok.push({ row, idCard, sex: info.sex, birthday: info.birthday, d })
        }
        const holders = await q.holdersOfIdCards(
          trx2,
          ok.map((x) => x.idCard),
        )
        const names = await q.loginNamesTaken(
          trx2,
          ok.map((x) => x.d.jobNo ?? x.idCard),
        )
        const takenName = new Set(names.map((n) => n.user_name))
        const jobNos = await q.jobNosTaken(
          trx2,
          job.orgId,
          ok.flatMap((x) => (x.d.jobNo ? [x.d.jobNo] : [])),
        )
        const takenNo = new Set(jobNos.map((n) => n.job_no))
        for (const x of ok) {
          const mine = holders.filter((h) => h.id_card === x.idCard)
          const live = mine.find((h) => h.org_id !== null)
          if (live) {
            rejected.push({
              row: x.row,
              reason:
                live.org_id === job.orgId
                  ? IntakeMsg.alreadyHere(x.d.trueName)
                  : IntakeMsg.alreadyAt(live.org_name ?? ''),
            })
            continue
          }
          const accountId = mine[0]?.account_id ?? null
          const userName = x.d.jobNo ?? x.idCard
          if (!accountId && takenName.has(userName)) {
            rejected.push({ row: x.row, reason: PeopleMsg.LOGIN_TAKEN })
            continue
          }
          if (x.d.jobNo && takenNo.has(x.d.jobNo)) {
            rejected.push({ row: x.row, reason: PeopleMsg.STUDENT_NO_TAKEN })
            continue
          }
          // One savepoint per row: a row that fails (a concurrent writer, a parent who is staff here) leaves no trace.
          await savepoint(trx2, 'one')
          try {
            const [id] = await insertMembers(
              trx2,
              job.tenantId,
              hash,
              [
                {
                  orgId: job.orgId,
                  userType: UserType.STUDENT,
                  trueName: x.d.trueName,
                  userName,
                  phone: null,
                  accountId,
                  jobNo: x.d.jobNo ?? null,
                  enteredOn: `${g.entryYear}-09-01`,
                  importJobId: job.id,
                  person: accountId ? null : { idCard: x.idCard, sex: x.sex, birthday: x.birthday },
                },
              ],
              attrs,
            )
            await q.insertEnrolments(trx2, [
              {
                user_info_id: id!,
                school_year: g.schoolYear,
                org_id: job.orgId,
                grade_id: g.gradeId,
                started_on: `${g.entryYear}-09-01`,
                previous_id: null,
              },
            ])
            if (x.d.parentPhone && x.d.parentName)
              await bindNewParent(
                ctx,
                trx2,
                auth,
                {
                  trueName: x.d.parentName,
                  phone: x.d.parentPhone,
                  userName: null,
                  childId: id!,
                  relation: '其他监护人',
                },
                job.id,
              )
            await releaseSavepoint(trx2, 'one')
            takenName.add(userName)
            if (x.d.jobNo) takenNo.add(x.d.jobNo)
          } catch (e) {
            await rollbackToSavepoint(trx2, 'one')
            rejected.push({ row: x.row, reason: reasonOf(e) })
          }
        }
        return rejected
      },
    }
  },
}
