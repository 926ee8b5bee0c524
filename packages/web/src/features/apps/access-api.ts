import { appClientContracts as C, oidcContracts, type AppClientSaveBody } from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** Query groups of an app's access settings (接入); a write refreshes both. */
export const AccessKeys = { client: 'appClient', log: 'appAccessLog' } as const

/** An app's identity-hub settings (sc_menhu_app_mgr, top organisation only). */
export const appAccessApi = {
  get: (appId: number) => call(C.get, { appId }),
  save: (b: AppClientSaveBody) => callEnvelope(C.save, b),
  rotateSecret: (appId: number) => callEnvelope(C.rotateSecret, { appId }),
  suspend: (appId: number) => callEnvelope(C.suspend, { appId }),
  resume: (appId: number) => callEnvelope(C.resume, { appId }),
  log: (appId: number, pageIndex: number, pageSize: number) => call(C.accessLog, { appId, pageIndex, pageSize }),
  rotateKeys: () => callEnvelope(oidcContracts.rotateKeys),
}
