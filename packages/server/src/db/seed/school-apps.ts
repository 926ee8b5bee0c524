import { APP_USER_TYPES, UserType, WEBHOOK_EVENTS, type HubScope } from '@zhixiao/shared'
import type { Db, Trx } from '../database.js'
import type { SecretBox } from '../../platform/secret-box.js'
import { findClientByApp, insertClient, updateClient } from '../../modules/app-clients/queries.js'
import { upsertOftenUse } from '../../modules/apps/user-apps-queries.js'
import { anySubscriptionEnabled, markBacklogFannedOut, upsertSubscription } from '../../modules/webhooks/queries.js'

/**
 * The school apps 请假审批 and 成绩管理 (packages/school-apps, docs/school-apps.md) as the demo district registers them:
 * like any vendor app, in 应用管理 › 接入 — the built-in registry apps `leave` and `grade_manage` get OpenID clients,
 * server credentials, the scopes the apps read and a webhook subscription to the directory's events. The district
 * owns these apps, so their subjects are public (the person's id in Zhixiao).
 */
export type SchoolAppKey = 'leave' | 'grades'

export interface SchoolAppClient {
  clientId: string
  clientSecret: string
  /** Webhooks are signed with the app's client secret (docs/open-platform.md "Webhooks"): the same value. */
  webhookSecret: string
}

const APPS: Record<SchoolAppKey, { uniqueId: string; clientId: string; userTypes: readonly number[] }> = {
  leave: {
    uniqueId: 'leave',
    clientId: 'zx-leave',
    userTypes: [UserType.STAFF, UserType.STUDENT, UserType.PARENT],
  },
  grades: { uniqueId: 'grade_manage', clientId: 'zx-grades', userTypes: APP_USER_TYPES },
}
const KEYS = Object.keys(APPS) as SchoolAppKey[]

const SCOPES: HubScope[] = ['profile', 'zx:identity', 'zx:school', 'zx:guardian', 'zx:roles', 'directory', 'zx:notify']

/** The demo people who find both apps in 常用 from the start (the accounts the README suggests trying). */
const FAVOURITES_OF = ['xxadmin', 'zhanglaoshi', 'lilaoshi', 'xiaoming', 'xiaomingmama']

/**
 * The apps' credentials, derived from the deployment's secret key: the same at every start of every process, so
 * main.ts hands them to the apps without a copy of them being stored in clear anywhere. Rotating a school app's
 * secret in 应用管理 therefore breaks it until the next start re-seals the derived one (ensureSchoolApps).
 */
export function schoolAppClients(secrets: Pick<SecretBox, 'tag'>): Record<SchoolAppKey, SchoolAppClient> {
  const one = (key: SchoolAppKey): SchoolAppClient => {
    const secret = secrets.tag('school-app-client', key)
    return { clientId: APPS[key].clientId, clientSecret: secret, webhookSecret: secret }
  }
  return { leave: one('leave'), grades: one('grades') }
}

/** Where each app answers, under the apps' public origin (SCHOOL_APPS_ORIGIN). */
const addresses = (origin: string, key: SchoolAppKey) => {
  const base = `${origin.replace(/\/+$/, '')}/${key}`
  return {
    entry: `${base}/`,
    redirect: `${base}/callback`,
    postLogout: `${base}/`,
    backchannel: `${base}/backchannel-logout`,
    hooks: `${base}/hooks`,
  }
}

function demoTenantId(db: Db): Promise<number | undefined> {
  return db.platform(async (trx) => {
    const row = await trx
      .selectFrom('tenant')
      .select('id')
      .where('unique_name', '=', 'demo-district')
      .executeTakeFirst()
    return row?.id
  })
}

async function registerOne(trx: Trx, secrets: SecretBox, origin: string, key: SchoolAppKey, now: Date) {
  const spec = APPS[key]
  const at = addresses(origin, key)
  const app = await trx.selectFrom('app').select('id').where('unique_id', '=', spec.uniqueId).executeTakeFirst()
  if (!app) return
  // The entry address opens the app top-level from the launcher (an OpenID app never opens in the portal's frame).
  await trx
    .updateTable('app')
    .set({ entry_url: at.entry, user_types: JSON.stringify(spec.userTypes) })
    .where('id', '=', app.id)
    .execute()
  const urls = {
    redirect_uris: JSON.stringify([at.redirect]),
    post_logout_uris: JSON.stringify([at.postLogout]),
    backchannel_logout_uri: at.backchannel,
  }
  const secret = secrets.seal(schoolAppClients(secrets)[key].clientSecret)
  const before = await findClientByApp(trx, app.id)
  if (before) {
    // A later start (another APPS_PORT or SCHOOL_APPS_ORIGIN): the addresses follow, the district's other settings stay.
    await updateClient(trx, app.id, { ...urls, secret_sealed: secret })
  } else {
    await insertClient(trx, {
      app_id: app.id,
      client_id: spec.clientId,
      protocol: 'oidc',
      public_client: false,
      secret_sealed: secret,
      secret_set_at: now,
      ...urls,
      scopes: JSON.stringify(SCOPES),
      subject_type: 'public',
      client_credentials: true,
      rate_per_minute: 1200,
      // The district's own 学籍 and teaching apps: no guardian consent asked (docs/privacy.md "Consent").
      children_data: 'duty',
    })
    const favourites = await trx
      .selectFrom('user_info as u')
      .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .select(['u.id', 'u.user_type'])
      .where('a.user_name', 'in', FAVOURITES_OF)
      .execute()
    for (const f of favourites) {
      if (spec.userTypes.includes(f.user_type)) await upsertOftenUse(trx, f.id, app.id, now)
    }
  }
  // The tenant's first live subscriber starts from now, not from the seed's backlog (as 应用管理 › 回调 does).
  const existing = await trx
    .selectFrom('webhook_subscription')
    .select(['url', 'events', 'enabled'])
    .where('app_id', '=', app.id)
    .executeTakeFirst()
  if (!existing && !(await anySubscriptionEnabled(trx))) await markBacklogFannedOut(trx)
  await upsertSubscription(trx, app.id, {
    url: at.hooks,
    events: existing ? existing.events : [...WEBHOOK_EVENTS],
    enabled: existing ? existing.enabled : true,
  })
}

/**
 * Registers the school apps in the demo district (first time: clients, scopes, subscription, 常用 of the demo
 * accounts), or on a later start points their addresses at `origin` and re-seals their derived secrets. Answers the
 * demo tenant's id, or undefined when there is no demo district (the apps then have no clients to sign in with).
 */
export async function ensureSchoolApps(
  db: Db,
  secrets: SecretBox,
  origin: string,
  now = new Date(),
): Promise<number | undefined> {
  const tenantId = await demoTenantId(db)
  if (tenantId === undefined) return undefined
  await db.tenant(tenantId, async (trx) => {
    for (const key of KEYS) await registerOne(trx, secrets, origin, key, now)
  })
  return tenantId
}
