import {
  alarmShown,
  bannerTerminalOf,
  ErrorCode,
  FAMILY_BLOCKS,
  MOBILE_APP_TYPE,
  MobileMsg,
  terminalEnabled,
  terminalOfUserType,
  type FamilyBlock,
  type MobileChild,
  type MobileHome,
} from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { viewerOf } from '../apps/registry.js'
import { bannersOf } from '../cms/module-service.js'
import { childrenOf } from '../people/parent-service.js'
import { lineage, resolveNamed } from '../portal-config/named-config.js'
import { AlarmCfg, FamilyLayoutCfg, MobileMenuCfg, MobileSettingsCfg } from './configs.js'
import { getMemberNames } from './queries.js'
import { quickFor } from './quick-service.js'

/** The teacher home's blocks (its order is fixed; /base/portal/custom lays out the parent and student homes). */
const TEACHER_BLOCKS: FamilyBlock[] = ['alarm', 'banner', 'quick', 'apps']

/**
 * The mobile home of the signed-in user (docs/mobile-portal.md "Mobile portal"): their terminal from their user type, and
 * everything the maintenance pages set for it in their org (or the nearest org above that set it): whether the
 * terminal is open, the tabs, the blocks, the banners, the alarm, the quick entries and, for a parent, the children.
 */
export function mobileHome(ctx: AppContext, auth: AuthInfo, childId?: number): Promise<MobileHome> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const terminal = terminalOfUserType(v.userType)
    if (!terminal) throw refused(ErrorCode.BAD_REQUEST, MobileMsg.NOT_MOBILE_USER)
    const me = await getMemberNames(trx, auth.userInfoId)
    const base: MobileHome = {
      terminal,
      enabled: true,
      closedMessage: '',
      appType: MOBILE_APP_TYPE[terminal],
      orgName: me.name,
      trueName: me.true_name,
      tabs: [],
      blocks: [],
      banners: [],
      alarm: null,
      quick: [],
      children: [],
      currentChild: null,
    }
    const settings = (await resolveNamed(trx, MobileSettingsCfg, auth.orgId)).value
    if (!terminalEnabled(settings, terminal))
      return { ...base, enabled: false, closedMessage: settings.closedMessage || MobileMsg.TERMINAL_CLOSED }

    const tabs = (await resolveNamed(trx, MobileMenuCfg, auth.orgId)).value[terminal].filter((t) => t.show)
    let blocks: FamilyBlock[] = TEACHER_BLOCKS
    if (terminal !== 'teacher') {
      const layout = (await resolveNamed(trx, FamilyLayoutCfg, auth.orgId)).value[terminal]
      blocks = layout.filter((b) => b.show).map((b) => b.key)
    }
    blocks = blocks.filter(
      (b) =>
        FAMILY_BLOCKS.includes(b) &&
        (b !== 'banner' || settings.showBanner) &&
        (b !== 'quick' || settings.showQuick) &&
        (b !== 'child' || terminal === 'parent'),
    )

    const alarmCfg = (await resolveNamed(trx, AlarmCfg, auth.orgId)).value
    const alarm =
      blocks.includes('alarm') && alarmShown(alarmCfg, terminal, v.today)
        ? { text: alarmCfg.text, level: alarmCfg.level }
        : null
    const banners = blocks.includes('banner')
      ? await bannersOf(trx, await lineage(trx, auth.orgId), bannerTerminalOf(terminal))
      : []
    const quick = blocks.includes('quick') ? await quickFor(trx, v) : []

    let children: MobileChild[] = []
    let currentChild: MobileChild | null = null
    if (terminal === 'parent') {
      children = ((await childrenOf(trx, [auth.userInfoId])).get(auth.userInfoId) ?? []).map((c) => ({
        id: Number(c.id),
        trueName: c.trueName,
        className: c.className ?? null,
        relation: c.relation ?? null,
      }))
      currentChild = childId === undefined ? (children[0] ?? null) : (children.find((c) => c.id === childId) ?? null)
      // Only the parent's own children: another's id answers like a missing one.
      if (childId !== undefined && !currentChild) throw notFound(MobileMsg.CHILD_NOT_FOUND)
    }
    return { ...base, tabs, blocks, banners, alarm, quick, children, currentChild }
  })
}
