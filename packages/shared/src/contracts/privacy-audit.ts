/** /base/api/privacyAudit: the annual audit pack of minors' personal information (docs/privacy.md). */
import { get } from '../contract.js'
import { auditPackQuery } from '../privacy/notices.js'

export const privacyAuditContracts = {
  pack: get('/base/api/privacyAudit/pack', {
    permission: 'base_privacy_audit',
    tenantWide: true,
    tags: ['个人信息保护'],
    summary: '未成年人个人信息保护年度合规审计包（xlsx，多个工作表）',
    query: auditPackQuery,
    file: true,
  }),
}
