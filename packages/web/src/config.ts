import { CONFIG_CENTER_API } from '@zhixiao/shared'
import { requestIdHeader } from './api/request-id'
import type { AppConfig, ConfigLoad } from './config-types'

const env = import.meta.env
const envSchool = Number(env.VITE_SCHOOL_ORG_ID)

/** The build-time defaults. */
export const CONFIG_DEFAULTS: Readonly<AppConfig> = {
  gateway: '',
  file: (env.VITE_IMAGE_HOST as string | undefined) ?? '',
  mqtt: '',
  ai: env.VITE_AI_URL as string | undefined,
  schoolOrgId: Number.isSafeInteger(envSchool) && envSchool > 0 ? envSchool : null,
  placeBookingUrl: '',
  version: '',
}

/** The configuration in force (set when the config centre answers: bootstrap/startup.ts applyConfigCenter). */
export const appConfig: AppConfig = { ...CONFIG_DEFAULTS }

let started: Promise<ConfigLoad> | null = null

/**
 * Starts the load (once; main.tsx calls it first thing) and answers its outcome. The call leaves at once; reading
 * the answer is the startup chunk's (loaded beside it), which keeps the login route's entry light (issue 12).
 */
export function startConfigLoad(): Promise<ConfigLoad> {
  started ??= (() => {
    const answer = fetch(CONFIG_CENTER_API, { headers: requestIdHeader() }).catch(() => null)
    // A startup chunk that fails to load leaves the defaults (the page itself will not get far either).
    return import('./bootstrap/startup').then(
      (m) => m.settleConfigCenter(answer, appConfig, CONFIG_DEFAULTS),
      (): ConfigLoad => ({ ok: true }),
    )
  })()
  return started
}

/** Settles when the configuration is in force (loaded or, failing that, the defaults). */
export const configReady = (): Promise<ConfigLoad> => startConfigLoad()
