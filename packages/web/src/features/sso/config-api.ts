import {
  thirdConfigContracts as C,
  type Envelope,
  type ThirdConfigBody,
  type ThirdRefreshResult,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'
import { notify } from '../../api/feedback'

/** /base/openthirdconfig (001 §7.5): the tenant's providers. The secret goes up, never comes back (hasSecret). */
export const thirdConfigApi = {
  page: (p: { pageIndex: number; pageSize: number }) => call(C.page, p),
  add: (b: ThirdConfigBody) => callEnvelope(C.add, b),
  update: (b: ThirdConfigBody & { id: number }) => callEnvelope(C.update, b),
  remove: (id: number) => callEnvelope(C.delete, { id }),
  /** refreshMenu: a failed check is shown as an error, a good one as the success message. */
  refresh: async (id: number): Promise<Envelope<ThirdRefreshResult>> => {
    const env = await callEnvelope(C.refreshMenu, { id })
    if (!env.data.ok) {
      notify.error(env.data.message)
      throw new Error(env.data.message)
    }
    return { ...env, msg: env.data.message }
  },
}
