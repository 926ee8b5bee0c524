import { NOTICE_LABEL, noticeVersionName, type NoticeKind } from '@zhixiao/shared'
import { accessByMonth, accessByOrg, appReleases, countPeople, noticesInForce } from './queries.js'
import { registerAuditSection, type AuditColumn, type AuditSection } from './sections.js'

/**
 * The pack's sections built today (docs/privacy.md "Privacy notice and annual audit"): the people held and how many
 * are minors, the access log, the apps that received children's data and the notices in force, and placeholders for
 * the parts of issue 26 still to land. Registered when this file loads (audit-service imports it).
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

/**
 * A part of issue 26 not built yet: a sheet that says so, and a line on the first sheet, until its module registers
 * the real builder under the same key.
 */
function pending(key: string, order: number, name: string, what: string): AuditSection {
  const note = `${what}尚未在本平台记录；该功能上线后，本表由其数据自动填充`
  return {
    key,
    order,
    build: async () => ({
      summary: [[name, '尚未记录']],
      sheets: [{ name, note, columns: [{ header: '说明', key: 'note', width: 60 }], rows: [{ note }] }],
    }),
  }
}

registerAuditSection(pending('exportApprovals', 30, '导出审批', '未成年人信息导出的审批记录'))
registerAuditSection(pending('consents', 40, '同意的授予与撤回', '监护人同意的授予与撤回'))
registerAuditSection(pending('requests', 50, '监护人请求', '监护人的删除、更正请求及响应时间'))

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
