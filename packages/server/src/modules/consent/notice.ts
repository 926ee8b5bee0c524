import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { noticeVersionIn } from '../privacy-notice/notice-service.js'

/**
 * The privacy notice version a consent is given against: the tenant's current 儿童个人信息保护规则 (issue 26 point 7,
 * docs/privacy.md "Privacy notice and annual audit"), `v0` while it has published none.
 */
export async function currentNoticeVersion(_ctx: AppContext, trx: Trx): Promise<string> {
  return noticeVersionIn(trx, 'children')
}
