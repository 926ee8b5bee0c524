import { isMinor, maskValue, type PersonalFieldKey } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { childrenForApp, childrenInFeed } from './queries.js'

/** What the gate needs of an app: which one, and whether it is a school-duty app or a third-party one. */
interface GatedApp {
  appId: number
  childrenData: 'consent' | 'duty'
}

/**
 * What an app may receive of a page of people (docs/privacy.md "Consent", "The identity hub"): a minor (a student
 * under 18, or without a birthday) reaches a third-party app only with the guardian's appRelease consent to that app
 * on record — otherwise the child is withheld: absent from lists, a tombstone in deltas, only `sub` as the subject of
 * a claim. A school-duty app withholds nobody. A minor's personal fields (phone, photo) leave in full only to a
 * consented third-party app; everyone else gets the field policy's mask (a phone 3+4, a photo withheld) — except
 * the photo to a school-duty app, the portal's own apps, which shows it only while a guardian's portalPhoto consent
 * is in force (docs/privacy.md "Photos on the portal").
 */
export interface ChildGate {
  withheld(id: number): boolean
  field(id: number, key: PersonalFieldKey, value: string | null): string | null
}

const today = (ctx: AppContext) => ctx.clock.now().toISOString().slice(0, 10)

export async function childGate(ctx: AppContext, trx: Trx, app: GatedApp, ids: readonly number[]): Promise<ChildGate> {
  const day = today(ctx)
  const kids = new Map((await childrenForApp(trx, app.appId, [...new Set(ids)])).map((k) => [k.id, k]))
  const minor = (id: number) => {
    const k = kids.get(id)
    return k !== undefined && isMinor(k.birthday, day)
  }
  const released = (id: number) => app.childrenData === 'consent' && kids.get(id)?.given === true
  return {
    withheld: (id) => app.childrenData === 'consent' && minor(id) && !released(id),
    field: (id, key, value) => {
      if (!minor(id) || released(id)) return value
      if (key === 'photo' && app.childrenData === 'duty' && kids.get(id)?.photo === true) return value
      return maskValue(key, value)
    },
  }
}

/** The gate of the webhook fan-out: several tenants and apps in one batch (platform scope). */
export async function feedGate(ctx: AppContext, trx: Trx, tenantIds: readonly number[], ids: readonly number[]) {
  const day = today(ctx)
  const kids = new Map(
    (await childrenInFeed(trx, tenantIds, [...new Set(ids)])).map((k) => [`${k.tenantId}:${k.id}`, k]),
  )
  return {
    withheld(tenantId: number, app: GatedApp, id: number): boolean {
      if (app.childrenData !== 'consent') return false
      const k = kids.get(`${tenantId}:${id}`)
      return k !== undefined && isMinor(k.birthday, day) && !k.apps.includes(app.appId)
    },
  }
}
