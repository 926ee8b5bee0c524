import { smsContracts as S, type QueryIn, type SmsConfigSave, type SmsTemplateCreate } from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

export const SmsKeys = { config: 'smsConfig', templates: 'smsTemplates', log: 'smsLog' } as const
/** The SMS log's filters and page. */
export type SmsLogFilter = QueryIn<typeof S.logPage>

/** /base/api/sms (001 §7.5, docs/auth.md). */
export const smsApi = {
  config: () => call(S.getCurrentConfig),
  types: () => call(S.getSmsType),
  save: (b: SmsConfigSave) => callEnvelope(S.saveConfig, b),
  remove: () => callEnvelope(S.removeConfig),
  templates: (pageIndex: number, pageSize: number) => call(S.templatePage, { pageIndex, pageSize }),
  events: () => call(S.smsEvents),
  template: (id: number) => call(S.template, { id }),
  create: (b: SmsTemplateCreate) => callEnvelope(S.createTemplate, b),
  update: (b: SmsTemplateCreate & { id: number }) => callEnvelope(S.updateTemplate, b),
  removeTemplate: (id: number) => callEnvelope(S.deleteTemplate, { id }),
  log: (q: SmsLogFilter) => call(S.logPage, q),
  fullText: (tenantId: number, id: number) => call(S.logFull, { tenantId, id }),
}
