/**
 * The kinds of the tenant's notices, their labels and how a version is named. Apart from the schemas
 * (notices.ts) because the login page links the notices and must not carry zod (its weight budget, issue 12).
 */
export const NOTICE_KINDS = ['terms', 'privacy', 'children'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]
export const NOTICE_LABEL: Record<NoticeKind, string> = {
  terms: '服务条款',
  privacy: '隐私政策',
  children: '儿童个人信息保护规则',
}

/** How a version is named wherever it is stored or shown (the consent ledger keeps the same string). */
export const noticeVersionName = (version: number): string => `v${version}`
