import type { SmsConfigSave, SmsConfigView, SmsLogRow, SmsTemplate, SmsTemplateCreate } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'
import type { PageResult } from '../../components/crud'

const S = '/base/api/sms'
export const SmsKeys = { config: 'smsConfig', templates: 'smsTemplates', log: 'smsLog' } as const
export interface Option { value: string; label: string }

/** /base/api/sms (001 §7.5, docs/auth.md). */
export const smsApi = {
  config: () => request<SmsConfigView>(`${S}/config/getCurrentConfig`),
  types: () => request<Option[]>(`${S}/config/getSmsType`),
  save: (b: SmsConfigSave) => requestEnvelope<null>(`${S}/config/saveOrUpdate`, { body: b }),
  remove: () => requestEnvelope<null>(`${S}/config/removeConfig`, { method: 'POST' }),
  templates: (pageIndex: number, pageSize: number) => request<PageResult<SmsTemplate>>(`${S}/template/queryPage`, { params: { pageIndex, pageSize } }),
  events: () => request<Option[]>(`${S}/template/getSmsEvent`),
  template: (id: number) => request<SmsTemplate>(`${S}/template/get`, { params: { id } }),
  create: (b: SmsTemplateCreate) => requestEnvelope<number>(`${S}/template/create`, { body: b }),
  update: (b: SmsTemplateCreate & { id: number }) => requestEnvelope<null>(`${S}/template/update`, { body: b }),
  removeTemplate: (id: number) => requestEnvelope<null>(`${S}/template/delete`, { body: { id } }),
  log: (q: { pageIndex: number; pageSize: number; phone?: string; event?: string; status?: string; tenantId?: number }) =>
    request<PageResult<SmsLogRow>>(`${S}/log/page`, { params: q }),
  fullText: (tenantId: number, id: number) => request<{ phone: string; content: string }>(`${S}/log/full`, { params: { tenantId, id } }),
}
