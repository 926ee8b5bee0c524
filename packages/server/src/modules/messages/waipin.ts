import { ErrorCode, WaipinMsg, type WaipinCard } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { AppContext } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { usableProviderUrl } from '../../platform/provider-url.js'
import type { DingtalkProvider } from '../../platform/providers/dingtalk.js'
import type { WechatProvider } from '../../platform/providers/wechat.js'
import { todayOf } from '../apps/registry.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { defaultDingtalk, defaultWechat } from './dispatch.js'

type Raw = { scope: string; platform: string; app_id: string; app_secret_sealed: string; api_base: string | null }
/** Masks the middle of a phone number for the pass (138****0001). */
const masked = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p)

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
  const app = await ctx.db.tenant(
    tenantId,
    async (trx) =>
      (
        await sql<Raw>`SELECT a.scope, a.platform, a.app_id, a.app_secret_sealed, a.api_base FROM mp_app a
    JOIN (WITH RECURSIVE up AS (SELECT id, parent_id, 0 AS depth FROM org_unit WHERE id = ${b.orgId}
      UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM org_unit o JOIN up ON o.id = up.parent_id) SELECT id, depth FROM up) up ON a.org_id = up.id
    WHERE a.scope = 'waipin' AND a.platform = ${b.platform} AND a.status = 0 ORDER BY up.depth LIMIT 1`.execute(trx)
      ).rows[0],
  )
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
    const x = await trx
      .selectFrom('external_staff as x')
      .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'x.tenant_id').onRef('o.id', '=', 'x.org_id'))
      .leftJoin('dict_item as d', (j) => j.onRef('d.tenant_id', '=', 'x.tenant_id').onRef('d.id', '=', 'x.job_id'))
      .select([
        'x.name',
        'x.phone',
        'x.company',
        'x.start_date',
        'x.end_date',
        'x.status',
        'o.name as orgName',
        'd.name as jobName',
      ])
      .where('x.org_id', '=', b.orgId)
      .where('x.phone', '=', phone.replace(/^\+?86/, ''))
      .executeTakeFirst()
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
      phone: masked(x.phone),
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
