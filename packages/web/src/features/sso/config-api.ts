import type { Envelope, ThirdConfigBody, ThirdConfigRow, ThirdRefreshResult } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'
import { notify } from '../../api/feedback'
import type { PageResult } from '../../components/crud/types'

const C = '/base/openthirdconfig'

/** /base/openthirdconfig (001 §7.5): the tenant's providers. The secret goes up, never comes back (hasSecret). */
export const thirdConfigApi = {
  page: (p: { pageIndex: number; pageSize: number }) => request<PageResult<ThirdConfigRow>>(`${C}/page`, { body: p }),
  add: (b: ThirdConfigBody) => requestEnvelope<number>(`${C}/add`, { body: b }),
  update: (b: ThirdConfigBody) => requestEnvelope<null>(`${C}/update`, { body: b }),
  remove: (id: number) => requestEnvelope<null>(`${C}/delete`, { params: { id } }),
  /** refreshMenu: a failed check is shown as an error, a good one as the success message. */
  refresh: async (id: number): Promise<Envelope<ThirdRefreshResult>> => {
    const env = await requestEnvelope<ThirdRefreshResult>(`${C}/refreshMenu`, { params: { id } })
    if (!env.data.ok) {
      notify.error(env.data.message)
      throw new Error(env.data.message)
    }
    return { ...env, msg: env.data.message }
  },
}
