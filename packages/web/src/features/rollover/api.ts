import {
  rolloverContracts as R,
  studentContracts as S,
  type RolloverIntakeBody,
  type RolloverRepeatBody,
  type RolloverReportBody,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** The school-year roll-over (docs/school-year.md "Roll-over screens"). */
export const rolloverApi = {
  current: () => call(R.current),
  create: (toSchoolYear: string) => callEnvelope(R.create, { toSchoolYear }),
  school: (planId: number, orgId: number) => call(R.school, { planId, orgId }),
  markRepeat: (b: RolloverRepeatBody) => callEnvelope(R.markRepeat, b),
  setIntake: (b: RolloverIntakeBody) => callEnvelope(R.setIntake, b),
  approve: (planId: number) => callEnvelope(R.approve, { planId }),
  run: (planId: number, orgId?: number) => callEnvelope(R.run, { planId, orgId: orgId ?? null }),
  report: (b: RolloverReportBody) => call(R.report, b),
  /** The refusal is the page's to show (it stays on the screen, worded by the server): no toast of the client's. */
  undo: (planId: number, orgId: number) => callEnvelope(R.undo, { planId, orgId }, { showError: false }),
  /** A school's students by name or 学号, for 标记留级 (masked as every list is). */
  students: async (orgId: number, keyword: string) =>
    (await call(S.page, { orgId, keyword, pageIndex: 1, pageSize: 20 })).list,
}
