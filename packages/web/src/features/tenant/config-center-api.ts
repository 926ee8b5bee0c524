import { configCenterContracts as C, type ConfigCenterSaveBody } from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

export const ConfigCenterKeys = { center: 'config-center' } as const

/** The config centre (001 §2.4): the public read and the super administrator's save (docs/config-center.md "Startup"). */
export const configCenterApi = {
  get: () => call(C.get),
  save: (b: ConfigCenterSaveBody) => callEnvelope(C.save, b),
}
