/*
 * Startup rules of the web app (000 §2.4, 001 §2.4; docs/config-center.md "Startup"): the query parameters microappurl,
 * beFrom and currentAppName, and the phone redirect of the place-reservation app (the config centre's address is in
 * constants.ts). It imports nothing, not even input.ts, so the web's startup chunk shares no module with the login
 * route (issue 12's budget).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/
/** NUL, control characters and half of a UTF-16 surrogate pair. */
const unsafe = (s: string): boolean =>
  CONTROL.test(s) || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s)

/** What a failed config-centre call shows when its answer carries no msg (a network failure, a gateway's page). */
export const CONFIG_CENTER_FAILED = '网络错误，请稍后再试！'

/** The place-reservation sub-application (000 §2.1 placemeet): a phone opening it goes to the mobile booking page. */
export const PLACE_BOOKING_APP = 'placemeet'

/** Longest microappurl (a portal path with its query) the startup accepts. */
export const MICRO_APP_URL_MAX = 500
/** Longest currentAppName shown as a sub-application's title. */
export const APP_NAME_MAX = 50

/**
 * A phone's browser (000 §2.4 "non-PC (phone) browsers"): iPhone, iPod, Windows Phone, and Android, HarmonyOS or
 * any other browser whose user agent says Mobile or Phone. Tablets (iPad, Android without Mobile) and desktops are not.
 */
export function isPhoneUserAgent(ua: string): boolean {
  if (/iPad|Tablet/i.test(ua)) return false
  return /iPhone|iPod|Windows Phone|\bMobile\b|\bPhone\b/i.test(ua)
}

/** A path of the place-reservation app (/placemeet, /placemeet/…), query and trailing slash aside. */
export function isPlaceBookingPath(path: string): boolean {
  const p = path.split(/[?#]/)[0]!
  return p === `/${PLACE_BOOKING_APP}` || p.startsWith(`/${PLACE_BOOKING_APP}/`)
}

/**
 * Where a phone on a place-reservation path goes at startup: the config centre's mobile booking address, when one
 * is configured and is an http(s) URL; otherwise null (the page opens as it is).
 */
export function mobileBookingTarget(
  ua: string,
  path: string,
  placeBookingUrl: string | null | undefined,
): string | null {
  if (!placeBookingUrl || !/^https?:\/\/[^\s/\\]/i.test(placeBookingUrl)) return null
  return isPhoneUserAgent(ua) && isPlaceBookingPath(path) ? placeBookingUrl : null
}

/**
 * The startup parameter microappurl: a portal path to open (/oafn/leave/apply, /salary?x=1). Only an in-app path
 * with a single leading '/': never an absolute URL, a protocol-relative //host or /\host, a scheme, a backslash,
 * white space or a control character (no open redirect), and never a login page. Null when it is not one.
 */
export function safeMicroAppUrl(v: string | null | undefined): string | null {
  if (!v) return null
  const p = v.trim()
  if (!p.startsWith('/') || p.length > MICRO_APP_URL_MAX) return null
  if (p.startsWith('//') || p.includes('\\') || /\s/.test(p) || unsafe(p)) return null
  if (p.startsWith('/redirect/')) return null
  return p
}

/** The startup parameter beFrom (app, wechat, dingtalk …): a short token of letters, digits, _ and -, else null. */
export function safeBeFrom(v: string | null | undefined): string | null {
  return v && /^[A-Za-z0-9_-]{1,32}$/.test(v) ? v : null
}

/** The startup parameter currentAppName: one line of at most 50 characters, else null. */
export function safeAppName(v: string | null | undefined): string | null {
  const name = v?.trim()
  if (!name || [...name].length > APP_NAME_MAX || unsafe(name)) return null
  return name
}
