/**
 * The ysNetType request header (000 §7.1: 1 or 0): 1 when the portal was opened on an intranet address — a
 * loopback or private IPv4/IPv6 address, or a host name without a public suffix (a single label, .local, .lan,
 * .internal, .intranet, .home.arpa) — else 0. Schools often reach the portal through an in-building address; the
 * server records it with each sign-in (docs/auth.md "Network type").
 */
export type NetType = 0 | 1

const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^169\.254\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
]
const INTRANET_SUFFIX = /\.(local|lan|internal|intranet|home\.arpa)$/i

export function netTypeOfHost(hostname: string): NetType {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (!host) return 0
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return PRIVATE_V4.some((r) => r.test(host)) ? 1 : 0
  if (host.includes(':')) return host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) ? 1 : 0
  if (host === 'localhost' || !host.includes('.') || INTRANET_SUFFIX.test(host)) return 1
  return 0
}
