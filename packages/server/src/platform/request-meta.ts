import type { FastifyRequest } from 'fastify'

/** The spec's request headers (000 §7.1): tenantId carries a temporary tenant id, 0 when tenancy is off. */
export function tenantHeader(req: FastifyRequest): number {
  const v = Number(req.headers.tenantid)
  return Number.isSafeInteger(v) && v > 0 ? v : 0
}

export function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown'
}

export function optionalIntHeader(req: FastifyRequest, name: string): number | undefined {
  const raw = req.headers[name.toLowerCase()]
  if (raw === undefined || raw === '') return undefined
  const v = Number(Array.isArray(raw) ? raw[0] : raw)
  return Number.isSafeInteger(v) ? v : undefined
}

/** ysNetType (000 §7.1): 1 when the browser opened the portal on an intranet address (shared netTypeOfHost), else 0; null when not sent. */
export function netTypeHeader(req: FastifyRequest): number | null {
  const v = req.headers.ysnettype
  return v === '1' ? 1 : v === '0' ? 0 : null
}

/** A cookie of the request, or null; a value that is not valid percent-encoding counts as absent. */
export function readCookie(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k !== name) continue
    try {
      return decodeURIComponent(v.join('='))
    } catch {
      return null
    }
  }
  return null
}
