import { CONFIG_CENTER_API } from '@zhixiao/shared'
import { requestIdHeader } from './api/request-id'

/**
 * The global configuration (001 §2.4; docs/portal.md "Startup"): the config centre's answer (GET
 * /base/api/config/center), loaded once at startup. Until it answers, and for each field it leaves empty, the
 * build-time Vite env is the value (VITE_SCHOOL_ORG_ID, VITE_IMAGE_HOST, VITE_AI_URL). Route loaders that depend on
 * it await `configReady`; render-time readers (image addresses, the AI host) read `appConfig` as it is.
 */
export interface AppConfig {
  gateway: string
  /** Image/file host for /minires addresses (empty: none). */
  file: string
  mqtt: string
  /** The AI helper's host (undefined: this server's own AI calls; empty: the helper is off). */
  ai: string | undefined
  /** The school portal's school organisation (000 §2.4); null: no school portal. */
  schoolOrgId: number | null
  placeBookingUrl: string
  /** The app version shown as V<version> in 关于系统 (001 §9); empty: the package version. */
  version: string
}

const env = import.meta.env
const envSchool = Number(env.VITE_SCHOOL_ORG_ID)

/** The build-time defaults. */
export const CONFIG_DEFAULTS: Readonly<AppConfig> = {
  gateway: '', file: (env.VITE_IMAGE_HOST as string | undefined) ?? '', mqtt: '', ai: env.VITE_AI_URL as string | undefined,
  schoolOrgId: Number.isSafeInteger(envSchool) && envSchool > 0 ? envSchool : null, placeBookingUrl: '', version: '',
}

/** The configuration in force (set when the config centre answers: bootstrap/startup.ts applyConfigCenter). */
export const appConfig: AppConfig = { ...CONFIG_DEFAULTS }

/** What the load came to: ok, or the message to show (the answer's msg, or 网络错误，请稍后再试！). */
export type ConfigLoad = { ok: true } | { ok: false; msg: string }

let started: Promise<ConfigLoad> | null = null

/**
 * Starts the load (once; main.tsx calls it first thing) and answers its outcome. The call leaves at once; reading
 * the answer is the startup chunk's (loaded beside it), which keeps the login route's entry light (issue 12).
 */
export function startConfigLoad(): Promise<ConfigLoad> {
  started ??= (() => {
    const answer = fetch(CONFIG_CENTER_API, { headers: requestIdHeader() }).catch(() => null)
    // A startup chunk that fails to load leaves the defaults (the page itself will not get far either).
    return import('./bootstrap/startup').then((m) => m.settleConfigCenter(answer, appConfig, CONFIG_DEFAULTS), (): ConfigLoad => ({ ok: true }))
  })()
  return started
}

/** Settles when the configuration is in force (loaded or, failing that, the defaults). */
export const configReady = (): Promise<ConfigLoad> => startConfigLoad()
