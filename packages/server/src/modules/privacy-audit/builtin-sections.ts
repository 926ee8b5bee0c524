import {
  CONSENT_PURPOSES,
  EXPORT_KIND_LABEL,
  EXPORT_STATUS_LABEL,
  NOTICE_LABEL,
  noticeVersionName,
  type ConsentPurpose,
  type ExportStatus,
  type NoticeKind,
} from '@zhixiao/shared'
import {
  accessByMonth,
  accessByOrg,
  appReleases,
  consentCounts,
  countPeople,
  exportRequests,
  noticesInForce,
  requestCounts,
  type ExportApprovalRow,
} from './queries.js'
import { registerAuditSection, type AuditColumn } from './sections.js'

/**
 * The pack's sections built today (docs/privacy.md "Privacy notice and annual audit"): the people held and how many
 * are minors, the access log, export approvals, the consent ledger, the guardians' requests, the apps that received
 * children's data and the notices in force. Registered when this file loads (audit-service imports it).
 */
const num = (label: string, value: number): [string, number] => [label, value]

registerAuditSection({
  key: 'people',
  order: 10,
  build: async ({ trx, year }) => {
    const rows = await countPeople(trx, year)
    const total = rows.find((r) => r.org_id === null)
    const byOrg = rows.filter((r) => r.org_id !== null)
    return {
      summary: [
        num('处理个人信息的人数', total?.people ?? 0),
        num('其中学生', total?.students ?? 0),
        num('未成年人（当年曾未满18周岁）', total?.minors ?? 0),
        num('不满14周岁的儿童（当年曾未满14周岁）', total?.under14 ?? 0),
        num('未登记出生日期的人数', total?.no_birthday ?? 0),
      ],
      sheets: [
        {
          name: '未成年人（按机构）',
          note: `${year}年内在籍（当年建立且未在年初前归档）的人员，按出生日期计；同一人在两个机构各计一次，合计只计一次`,
          columns: [
            { header: '机构', key: 'org', width: 28 },
            { header: '人数', key: 'people' },
            { header: '学生', key: 'students' },
            { header: '未成年人', key: 'minors' },
            { header: '不满14周岁', key: 'under14' },
            { header: '未登记出生日期', key: 'noBirthday', width: 16 },
          ],
          rows: byOrg.map((r) => ({
            org: r.org_name,
            people: r.people,
            students: r.students,
            minors: r.minors,
            under14: r.under14,
            noBirthday: r.no_birthday,
          })),
        },
      ],
    }
  },
})

const ACCESS_COLUMNS: AuditColumn[] = [
  { header: '查看详情（次）', key: 'views', width: 16 },
  { header: '查看完整信息（次）', key: 'reveals', width: 18 },
  { header: '导出（次）', key: 'exports', width: 12 },
  { header: '导出涉及学生（人次）', key: 'exportedSubjects', width: 20 },
]

registerAuditSection({
  key: 'access',
  order: 20,
  build: async ({ trx, year }) => {
    const months = await accessByMonth(trx, year)
    const orgs = await accessByOrg(trx, year)
    const sum = (k: 'views' | 'reveals' | 'exports' | 'exported_subjects') => months.reduce((s, m) => s + m[k], 0)
    const row = (r: { views: number; reveals: number; exports: number; exported_subjects: number }) => ({
      views: r.views,
      reveals: r.reveals,
      exports: r.exports,
      exportedSubjects: r.exported_subjects,
    })
    const note =
      '来源：个人信息访问日志（pi_access_log）；每次导出记一行（导出次数），导出学生时另为每名学生记一行（人次）'
    return {
      summary: [
        num('查看详情（次）', sum('views')),
        num('查看完整信息（次）', sum('reveals')),
        num('导出（次）', sum('exports')),
        num('导出涉及学生（人次）', sum('exported_subjects')),
      ],
      sheets: [
        {
          name: '访问与导出（按月）',
          note,
          columns: [{ header: '月份', key: 'month' }, ...ACCESS_COLUMNS],
          rows: months.map((m) => ({ month: `${year}-${String(m.month).padStart(2, '0')}`, ...row(m) })),
        },
        {
          name: '访问与导出（按机构）',
          note: `${note}；机构为被查看者所在机构`,
          columns: [{ header: '机构', key: 'org', width: 28 }, ...ACCESS_COLUMNS],
          rows: orgs.map((o) => ({ org: o.org_name ?? '（未知机构）', ...row(o) })),
        },
      ],
    }
  },
})

const dateText = (d: Date | null) => (d ? d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '')

registerAuditSection({
  key: 'exportApprovals',
  order: 30,
  build: async ({ trx, year }) => {
    const rows = await exportRequests(trx, year)
    const count = (f: (r: ExportApprovalRow) => boolean) => rows.filter(f).length
    const approved = (r: ExportApprovalRow) => ['queued', 'running', 'done', 'failed'].includes(r.status)
    return {
      summary: [
        num('导出申请（个）', rows.length),
        num(
          '其中完整信息导出申请',
          count((r) => r.full_values),
        ),
        num('已批准', count(approved)),
        num(
          '已拒绝',
          count((r) => r.status === 'refused'),
        ),
        num(
          '待审批',
          count((r) => r.status === 'pending'),
        ),
      ],
      sheets: [
        {
          name: '导出审批',
          note: '来源：导出申请（pi_export_request）；完整信息导出与超过未成年人上限的脱敏导出须经个人信息保护负责人或其指定的审批人批准',
          columns: [
            { header: '编号', key: 'id' },
            { header: '类别', key: 'kind' },
            { header: '完整信息', key: 'full' },
            { header: '申请人', key: 'requester', width: 14 },
            { header: '范围', key: 'org', width: 24 },
            { header: '用途', key: 'purpose', width: 30 },
            { header: '申请时间', key: 'at', width: 20 },
            { header: '状态', key: 'status', width: 14 },
            { header: '审批人', key: 'reviewer', width: 14 },
            { header: '审批时间', key: 'reviewedAt', width: 20 },
            { header: '导出行数', key: 'rows' },
            { header: '下载次数', key: 'downloads' },
          ],
          rows: rows.map((r) => ({
            id: r.id,
            kind: EXPORT_KIND_LABEL[r.kind],
            full: r.full_values ? '是' : '否',
            requester: r.requester_name,
            org: r.org_name ?? '',
            purpose: r.purpose,
            at: dateText(r.created_at),
            status: EXPORT_STATUS_LABEL[r.status as ExportStatus] ?? r.status,
            reviewer: r.reviewer_name ?? '',
            reviewedAt: dateText(r.reviewed_at),
            rows: r.row_count,
            downloads: r.download_count,
          })),
        },
      ],
    }
  },
})

registerAuditSection({
  key: 'consents',
  order: 40,
  build: async ({ trx, year }) => {
    const rows = await consentCounts(trx, year)
    const sum = (k: 'given' | 'withdrawn') => rows.reduce((s, r) => s + r[k], 0)
    return {
      summary: [num('监护人同意（次）', sum('given')), num('撤回同意（次）', sum('withdrawn'))],
      sheets: [
        {
          name: '同意的授予与撤回',
          note: '来源：同意记录（consent_record，只增不改）；学籍等学校法定职责所需的处理不征求同意，不在此表',
          columns: [
            { header: '用途', key: 'purpose', width: 24 },
            { header: '应用', key: 'app', width: 20 },
            { header: '同意（次）', key: 'given' },
            { header: '撤回（次）', key: 'withdrawn' },
            { header: '其中不满14周岁（次）', key: 'under14', width: 20 },
            { header: '涉及儿童（人）', key: 'children', width: 14 },
            { header: '年末仍有效（人）', key: 'inForce', width: 16 },
          ],
          rows: rows.map((r) => ({
            purpose: CONSENT_PURPOSES[r.purpose as ConsentPurpose]?.label ?? r.purpose,
            app: r.app_name ?? '',
            given: r.given,
            withdrawn: r.withdrawn,
            under14: r.under14_lines,
            children: r.children,
            inForce: r.in_force_at_end,
          })),
        },
      ],
    }
  },
})

registerAuditSection({
  key: 'requests',
  order: 50,
  build: async ({ trx, year }) => {
    const rows = await requestCounts(trx, year)
    const sum = (k: 'received' | 'pending' | 'overdue') => rows.reduce((s, r) => s + r[k], 0)
    const label = { delete: '删除', correct: '更正' } as const
    return {
      summary: [
        num('监护人请求（个）', sum('received')),
        num('未处理', sum('pending')),
        num('超过期限（未处理或逾期处理）', sum('overdue')),
      ],
      sheets: [
        {
          name: '监护人请求',
          note: '来源：监护人的删除、更正请求（pi_request）；响应时间为提交至处理的天数',
          columns: [
            { header: '类别', key: 'kind' },
            { header: '收到', key: 'received' },
            { header: '已处理', key: 'done' },
            { header: '已拒绝', key: 'refused' },
            { header: '未处理', key: 'pending' },
            { header: '超过期限', key: 'overdue' },
            { header: '平均响应（天）', key: 'avg', width: 14 },
            { header: '最长响应（天）', key: 'max', width: 14 },
          ],
          rows: rows.map((r) => ({
            kind: label[r.kind],
            received: r.received,
            done: r.done,
            refused: r.refused,
            pending: r.pending,
            overdue: r.overdue,
            avg: r.avg_days,
            max: r.max_days,
          })),
        },
      ],
    }
  },
})

registerAuditSection({
  key: 'apps',
  order: 60,
  build: async ({ trx, year }) => {
    const apps = await appReleases(trx, year)
    return {
      summary: [num('接收儿童信息的应用（个）', apps.length)],
      sheets: [
        {
          name: '接收儿童信息的应用',
          note: '来源：统一身份认证的应用访问日志（登录、票据验证、用户信息接口与通讯录接口）',
          columns: [
            { header: '应用', key: 'app', width: 24 },
            { header: '客户端标识', key: 'client', width: 24 },
            { header: '登录该应用的学生（人）', key: 'signedIn', width: 22 },
            { header: '通讯录接口提供的学生（条）', key: 'rows', width: 26 },
            { header: '读取学生通讯录（次）', key: 'calls', width: 20 },
            { header: '读取监护人通讯录（次）', key: 'guardians', width: 22 },
          ],
          rows: apps.map((a) => ({
            app: a.app_name ?? '（已删除的应用）',
            client: a.client_id,
            signedIn: a.signed_in_students,
            rows: a.directory_student_rows,
            calls: a.directory_student_calls,
            guardians: a.guardian_calls,
          })),
        },
      ],
    }
  },
})

registerAuditSection({
  key: 'notices',
  order: 70,
  build: async ({ trx, year }) => {
    const notices = await noticesInForce(trx, year)
    return {
      summary: [num('当年生效的平台文档版本（个）', notices.length)],
      sheets: [
        {
          name: '生效的隐私政策',
          note: '当年曾经生效的服务条款、隐私政策与儿童个人信息保护规则的版本，及当年注册时同意该版本的人数',
          columns: [
            { header: '文档', key: 'kind', width: 22 },
            { header: '版本', key: 'version' },
            { header: '标题', key: 'title', width: 30 },
            { header: '发布时间', key: 'publishedAt', width: 18 },
            { header: '发布人', key: 'publishedBy', width: 12 },
            { header: '被替代时间', key: 'supersededAt', width: 18 },
            { header: '当年同意人数', key: 'accepted', width: 14 },
          ],
          rows: notices.map((n) => ({
            kind: NOTICE_LABEL[n.kind as NoticeKind] ?? n.kind,
            version: noticeVersionName(n.version),
            title: n.title,
            publishedAt: n.published_at,
            publishedBy: n.published_by_name,
            supersededAt: n.superseded_at ?? '仍在生效',
            accepted: n.accepted,
          })),
        },
      ],
    }
  },
})
