import { maskPersonalText, type RoleMemberRow } from '@zhixiao/shared'
import type { Page } from '../../platform/paging.js'

/**
 * People lists of the role screens show login names, and a teacher's or parent's login name is their phone unless
 * one was given: such a name leaves masked like the phone it is (docs/privacy.md "Masking (everywhere else)").
 */
export function maskMemberPage(page: Page<RoleMemberRow>): Page<RoleMemberRow> {
  return { ...page, list: page.list.map((r) => ({ ...r, userName: maskPersonalText(r.userName) })) }
}
