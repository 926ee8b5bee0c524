import {
  CampusErrorCode,
  CampusMsg,
  type WeatherAnswer,
  type WeatherConfigSave,
  type WeatherConfigView,
  type WeatherNow,
  type WeatherProviderType,
  type WeatherTestBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope } from '../../platform/org-scope.js'
import { assertProviderUrls, usableProviderUrl } from '../../platform/provider-url.js'
import { qweatherProvider } from '../../platform/providers/weather/qweather.js'
import { weatherOff, type WeatherProvider } from '../../platform/providers/weather/types.js'
import { resolveNamed } from '../portal-config/named-config.js'
import { campusWeatherCfg } from '../portal-config/weather-config.js'
import {
  findOrgParentId,
  findWeatherConfig,
  insertWeatherConfig,
  lockWeatherConfig,
  updateWeatherConfig,
} from './weather-queries.js'

/** Answers are kept this long per provider config and location: the free QWeather plan allows 1,000 calls a day. */
export const WEATHER_TTL_MS = 10 * 60_000
const CACHE_MAX = 2000

interface Cached {
  now: WeatherNow
  fetchedAt: Date
}
interface Cache {
  entries: Map<string, Cached>
  inFlight: Map<string, Promise<{ ok: true; now: WeatherNow } | { ok: false; error: string }>>
}

/** One cache per app (each test app has its own); a process-local cache is enough for a 10-minute answer. */
const caches = new WeakMap<AppContext, Cache>()
function cacheOf(ctx: AppContext): Cache {
  let c = caches.get(ctx)
  if (!c) caches.set(ctx, (c = { entries: new Map(), inFlight: new Map() }))
  return c
}

interface StoredConfig {
  provider: WeatherProviderType
  apiHost: string
  sealedKey: string | null
  version: number
}

async function storedConfig(trx: Trx): Promise<StoredConfig> {
  const row = await findWeatherConfig(trx)
  const provider = row?.provider === 'qweather' && row.api_key_sealed ? 'qweather' : 'off'
  return {
    provider,
    apiHost: row?.api_host ?? '',
    sealedKey: row?.api_key_sealed ?? null,
    version: row ? new Date(row.updated_at).getTime() : 0,
  }
}

/** The provider for a config: off unless QWeather with a key (tests point apiHost at a stand-in; the code path is the same). */
function providerOf(
  ctx: AppContext,
  type: WeatherProviderType,
  apiHost: string,
  apiKey: string | null,
): WeatherProvider {
  if (type === 'qweather' && apiKey)
    return qweatherProvider({ apiKey, apiHost: usableProviderUrl(apiHost, ctx.config.allowLoopbackProviders) ?? '' })
  return weatherOff
}

/** getWeatherByOrgId: the org's weather through the tenant's provider, or why there is none. */
export async function weatherByOrg(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<WeatherAnswer> {
  const { cfg, loc } = await ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertInScope(trx, auth, orgId)
    return { cfg: await storedConfig(trx), loc: (await resolveNamed(trx, campusWeatherCfg, orgId)).value }
  })
  const base = {
    orgId,
    provider: cfg.provider,
    location: loc.location,
    cityName: loc.cityName,
    now: null,
    fetchedAt: null,
  }
  if (cfg.provider === 'off') return { ...base, state: 'off', message: CampusMsg.WEATHER_OFF }
  if (!loc.location) return { ...base, state: 'noLocation', message: CampusMsg.WEATHER_NO_LOCATION }

  // The provider is asked outside the transaction: a slow weather host must not hold a database connection.
  const cache = cacheOf(ctx)
  const key = `${auth.tenantId}|${cfg.version}|${loc.location}`
  const hit = cache.entries.get(key)
  const nowMs = ctx.clock.now().getTime()
  if (hit && nowMs - hit.fetchedAt.getTime() < WEATHER_TTL_MS) {
    return { ...base, state: 'ok', message: null, now: hit.now, fetchedAt: hit.fetchedAt.toISOString() }
  }
  // Requests for the same location at the same moment share one provider call.
  let pending = cache.inFlight.get(key)
  if (!pending) {
    const provider = providerOf(ctx, cfg.provider, cfg.apiHost, cfg.sealedKey ? ctx.secrets.open(cfg.sealedKey) : null)
    pending = provider.now(loc.location).finally(() => cache.inFlight.delete(key))
    cache.inFlight.set(key, pending)
  }
  const result = await pending
  if (!result.ok) return { ...base, state: 'error', message: CampusMsg.WEATHER_FAILED }
  const fetchedAt = ctx.clock.now()
  cache.entries.delete(key)
  cache.entries.set(key, { now: result.now, fetchedAt })
  // Oldest first in a Map: drop the oldest when full.
  if (cache.entries.size > CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!)
  return { ...base, state: 'ok', message: null, now: result.now, fetchedAt: fetchedAt.toISOString() }
}

// ---- the tenant's provider (portal maintenance → 天气配置) ----

export async function getWeatherConfig(ctx: AppContext, auth: AuthInfo): Promise<WeatherConfigView> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await findWeatherConfig(trx)
    const own = await findOrgParentId(trx, auth.orgId)
    return {
      provider: row?.provider === 'qweather' ? 'qweather' : 'off',
      apiHost: row?.api_host ?? '',
      hasKey: !!row?.api_key_sealed,
      updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      editable: !!own && own.parent_id === null,
    }
  })
}

/**
 * Saves the tenant's provider (the route is tenantWide: top-org administrators only, as the key serves every school). An empty key keeps the
 * stored one; switching off deletes it. The new key is sealed before it is stored.
 */
export async function saveWeatherConfig(ctx: AppContext, auth: AuthInfo, b: WeatherConfigSave): Promise<void> {
  assertProviderUrls(ctx.config.allowLoopbackProviders, b.apiHost)
  const sealed = b.apiKey ? ctx.secrets.seal(b.apiKey) : null
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const old = await lockWeatherConfig(trx)
    const off = b.provider === 'off'
    const key = off ? null : (sealed ?? old?.api_key_sealed ?? null)
    if (!off && !key) throw badRequest(CampusMsg.KEY_REQUIRED)
    const values = {
      provider: b.provider,
      api_host: off ? null : b.apiHost || null,
      api_key_sealed: key,
      updated_by: auth.userInfoId,
      updated_at: ctx.clock.now(),
    }
    if (old) await updateWeatherConfig(trx, values)
    else await insertWeatherConfig(trx, values)
    // The log says what changed, never the key.
    await recordOp(trx, auth, {
      module: '门户管理',
      action: '保存天气配置',
      target: b.provider,
      detail: {
        before: old ? { provider: old.provider, apiHost: old.api_host } : null,
        after: { provider: b.provider, apiHost: values.api_host },
        keyChanged: !!sealed,
      },
    })
  })
}

/**
 * The 测试 button: asks the provider now (no cache) with the form's values. The stored key is only ever sent to the
 * stored host, so a changed host needs its key typed again (else the key could be sent anywhere).
 */
export async function testWeather(ctx: AppContext, auth: AuthInfo, b: WeatherTestBody): Promise<WeatherNow> {
  if (b.provider === 'off') throw badRequest(CampusMsg.WEATHER_OFF)
  assertProviderUrls(ctx.config.allowLoopbackProviders, b.apiHost)
  let key = b.apiKey || null
  if (!key) {
    const cfg = await ctx.db.tenant(auth.tenantId, (trx) => storedConfig(trx))
    if (cfg.sealedKey && cfg.apiHost === b.apiHost) key = ctx.secrets.open(cfg.sealedKey)
  }
  if (!key) throw badRequest(CampusMsg.KEY_REQUIRED)
  const result = await providerOf(ctx, b.provider, b.apiHost, key).now(b.location)
  if (!result.ok)
    throw refused(
      CampusErrorCode.WEATHER_FAILED,
      `${CampusMsg.WEATHER_FAILED}（${result.error.replace(/^network: .*/, '网络错误')}）`,
    )
  return result.now
}
