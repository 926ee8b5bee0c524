import {
  intakeContracts as C,
  orgSetupContracts as O,
  type AdmitBody,
  type FeederBody,
  type PlacementApplyBody,
  type PlacementMoveBody,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** Intake and feeder schools (docs/school-year.md "Intake, feeder schools and class placement"). */
export const intakeApi = {
  feeders: () => call(C.feederList),
  myFeeders: () => call(C.myFeeders),
  addFeeder: (b: FeederBody) => callEnvelope(C.feederAdd, b),
  removeFeeder: (b: FeederBody) => callEnvelope(C.feederRemove, b),
  orgs: () => call(O.all),
  grade: () => call(C.grade),
  graduates: () => call(C.graduates),
  admit: (b: AdmitBody) => callEnvelope(C.admit, b),
  students: () => call(C.unplaced),
  preview: () => call(C.preview),
  apply: (b: PlacementApplyBody) => callEnvelope(C.apply, b),
  move: (b: PlacementMoveBody) => callEnvelope(C.move, b),
}
