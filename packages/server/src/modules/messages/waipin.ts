import { ErrorCode, maskPhone, WaipinMsg, type WaipinCard } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { usableProviderUrl } from '../../platform/provider-url.js'
import type { DingtalkProvider } from '../../platform/providers/dingtalk.js'
import type { WechatProvider } from '../../platform/providers/wechat.js'
import { todayOf } from '../apps/registry.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { defaultDingtalk, defaultWechat } from './dispatch.js'
import { findExternalStaffByPhone, nearestWaipinApp } from './queries.js'

/**
 * The external-hire mini-program's sign-in (/menhu-waipin settings, docs/messages.md "External-hire mini-program"):
 * the org's (or the nearest org above's) enabled WeChat or DingTalk mini-program turns the login code into the
 * person's phone — WeChat's getPhoneNumber code, DingTalk's 免登 authCode — and the phone finds their 外聘人员 record
 * in the org; the answer is their pass. A mini-program switched off or never saved signs no one in.
 */
export async function waipinCard(
  ctx: AppContext,
  b: { orgId: number; platform: 'wx_mini' | 'dd_mini'; code: string },
  providers: { wechat?: WechatProvider; dingtalk?: DingtalkProvider } = {},
): Promise<WaipinCard> {
  const tenantId = await tenantIdOfOrg(ctx, b.orgId)
  if (tenantId === null) throw refused(ErrorCode.BAD_REQUEST, WaipinMsg.NOT_CONFIGURED)
  const app = await ctx.db.tenant(tenantId, (trx) => nearestWaipinApp(trx, b.orgId, b.platform))
  if (!app) throw refused(ErrorCode.BAD_REQUEST, WaipinMsg.NOT_CONFIGURED)
  const secret = ctx.secrets.open(app.app_secret_sealed)
  const apiBase = usableProviderUrl(app.api_base, ctx.config.allowLoopbackProviders)
  const phone =
    b.platform === 'wx_mini'
      ? await (providers.wechat ?? defaultWechat()).phoneOf({ appId: app.app_id, appSecret: secret, apiBase }, b.code)
      : await (providers.dingtalk ?? defaultDingtalk()).mobileOf(
          { appKey: app.app_id, appSecret: secret, apiBase },
          b.code,
        )
  if (!phone) throw refused(ErrorCode.BAD_REQUEST, WaipinMsg.AUTH_FAILED)
  return ctx.db.tenant(tenantId, async (trx) => {
    const x = await findExternalStaffByPhone(trx, b.orgId, phone.replace(/^\+?86/, ''))
    if (!x) throw notFound(WaipinMsg.NOT_REGISTERED)
    const today = todayOf(ctx.clock.now())
    const reason =
      x.status !== 0
        ? '已停用'
        : x.start_date > today
          ? '聘用尚未开始'
          : x.end_date !== null && x.end_date < today
            ? '聘用已到期'
            : null
    return {
      name: x.name,
      phone: maskPhone(x.phone), // the pass shows 138****0001 (the shared policy mask)
      orgName: x.orgName,
      company: x.company,
      jobName: x.jobName ?? null,
      startDate: x.start_date,
      endDate: x.end_date,
      valid: reason === null,
      reason,
    }
  })
}
