// The configuration's types, apart from config.ts so the startup chunk (bootstrap/startup.ts), which config.ts
// loads, can name them without importing config.ts back.

/**
 * The global configuration (001 §2.4; docs/config-center.md "Startup"): the config centre's answer (GET
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

/** What the load came to: ok, or the message to show (the answer's msg, or 网络错误，请稍后再试！). */
export type ConfigLoad = { ok: true } | { ok: false; msg: string }
