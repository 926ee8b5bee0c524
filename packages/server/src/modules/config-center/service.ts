import {
  ConfigCenterMsg,
  ErrorCode,
  UNIT_ATTR_SCHOOL_THRESHOLD,
  type ConfigCenter,
  type ConfigCenterSaveBody,
} from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { findEnabledOrgAtLeast, findSetting, upsertSetting } from './queries.js'

/** The system_setting key of the config centre (one JSON row for the whole platform). */
const KEY = 'config_center'

const EMPTY: ConfigCenter = {
  gateway: '',
  file: '',
  mqtt: '',
  ai: '',
  placeBookingUrl: '',
  schoolOrgId: null,
  version: '',
}

/** A stored value as the answer's shape: fields of another version or type are dropped, missing ones empty. */
function fromStored(v: unknown): ConfigCenter {
  const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>
  const text = (k: keyof ConfigCenter) => (typeof o[k] === 'string' ? o[k] : '')
  const org = o.schoolOrgId
  return {
    gateway: text('gateway'),
    file: text('file'),
    mqtt: text('mqtt'),
    ai: text('ai'),
    placeBookingUrl: text('placeBookingUrl'),
    schoolOrgId: typeof org === 'number' && Number.isSafeInteger(org) && org > 0 ? org : null,
    version: text('version'),
  }
}

/** GET config/center (public): what the super administrator set, empty where nothing is. */
export async function readConfigCenter(ctx: AppContext): Promise<ConfigCenter> {
  const row = await ctx.db.platform((trx) => findSetting(trx, KEY))
  return row ? fromStored(row.value) : { ...EMPTY }
}

/**
 * POST config/center/save (super administrator): every field at once. The school portal's org must be an enabled
 * school-level organisation (unit attribute 8 or above) of some tenant: the school portal pages read its news.
 */
export async function saveConfigCenter(ctx: AppContext, b: ConfigCenterSaveBody, accountId: number): Promise<void> {
  await ctx.db.platform(async (trx) => {
    if (b.schoolOrgId !== null) {
      const org = await findEnabledOrgAtLeast(trx, b.schoolOrgId, UNIT_ATTR_SCHOOL_THRESHOLD)
      if (!org) throw refused(ErrorCode.BAD_REQUEST, ConfigCenterMsg.SCHOOL_NOT_FOUND)
    }
    const value = JSON.stringify(fromStored(b))
    await upsertSetting(trx, KEY, value, accountId, ctx.clock.now())
  })
}
