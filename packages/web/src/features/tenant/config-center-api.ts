import { CONFIG_CENTER_API, type ConfigCenter, type ConfigCenterSaveBody } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'

export const ConfigCenterKeys = { center: 'config-center' } as const

/** The config centre (001 §2.4): the public read and the super administrator's save (docs/portal.md "Startup"). */
export const configCenterApi = {
  get: () => request<ConfigCenter>(CONFIG_CENTER_API),
  save: (b: ConfigCenterSaveBody) => requestEnvelope<null>(`${CONFIG_CENTER_API}/save`, { body: b }),
}
