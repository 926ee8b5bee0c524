import { alumniContracts as A, type AlumniPageBody, type AlumniPolicy } from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** Graduation and alumni (docs/school-year.md "Graduation and alumni"). */
export const alumniApi = {
  policy: () => call(A.policy),
  savePolicy: (p: AlumniPolicy) => callEnvelope(A.savePolicy, p),
  page: (q: Partial<AlumniPageBody>) => call(A.page, q),
  /** 我的学籍: the signed-in person's own enrolment rows (an alumni session may call it). */
  myEnrolment: () => call(A.myEnrolment),
}
