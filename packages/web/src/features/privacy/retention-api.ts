import {
  piRequestContracts as Q,
  retentionContracts as R,
  type HoldAddBody,
  type HoldPageBody,
  type HoldReleaseBody,
  type LeaverPageBody,
  type PiRequestAddBody,
  type PiRequestHandleBody,
  type PiRequestPageBody,
  type RetentionPolicy,
  type ScrubJournalPageBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'

/** Retention (tenant-wide) and guardians' requests (docs/privacy.md "Retention and requests"). */
export const retentionApi = {
  policy: () => call(R.policy),
  savePolicy: (p: RetentionPolicy) => callEnvelope(R.savePolicy, p),
  run: () => callEnvelope(R.run),
  leavers: (q: LeaverPageBody) => call(R.leavers, q),
  journal: (q: ScrubJournalPageBody) => call(R.journal, q),
  holds: (q: HoldPageBody) => call(R.holds, q),
  addHold: (b: HoldAddBody) => callEnvelope(R.addHold, b),
  releaseHold: (b: HoldReleaseBody) => callEnvelope(R.releaseHold, b),
  requests: (q: PiRequestPageBody) => call(Q.page, q),
  handle: (b: PiRequestHandleBody) => callEnvelope(Q.handle, b),
  ask: (b: PiRequestAddBody) => callEnvelope(Q.add, b),
}

/** The signed-in guardian's own requests. */
export const useMyRequests = () => useQuery({ queryKey: ['piRequestsMine'], queryFn: () => call(Q.mine) })
