import { DirectoryMsg, ErrorCode, OpenNotifyMsg } from '@zhixiao/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../platform/context.js'
import { AppError } from '../../platform/errors.js'
import { loadHubClient, type HubClient } from '../app-clients/hub-client.js'
import { countCall, findAppToken, findTokenTenant, pruneWindows } from './queries.js'

/** The app behind a directory call, authenticated by its client-credentials token. */
export interface AppCaller {
  tenantId: number
  client: HubClient
  /** The token's scope, as granted at the token endpoint. */
  scope: string
  ip: string
}

type Admission = { refused: AppError } | { limited: number } | { caller: AppCaller }

const denied = (msg: string) => new AppError(ErrorCode.UNAUTHORIZED, msg, 401)
const forbidden = (msg: string) => new AppError(ErrorCode.FORBIDDEN, msg, 403)
/** oidc-provider's opaque token values (nanoid, url-safe alphabet). */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/

function bearer(req: FastifyRequest): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')
  return m ? m[1]! : null
}

/** The server scopes an open call needs, and how a token or an app without it is told. */
export type OpenScope = 'directory' | 'zx:notify'
const SCOPE_REFUSALS: Record<OpenScope, { missing: string; notGranted: string }> = {
  directory: { missing: DirectoryMsg.SCOPE_MISSING, notGranted: DirectoryMsg.NOT_GRANTED },
  'zx:notify': { missing: OpenNotifyMsg.SCOPE_MISSING, notGranted: OpenNotifyMsg.NOT_GRANTED },
}

/**
 * Authenticates an app's server call (docs/open-platform.md "Directory API", "Messages and badges"): the bearer
 * token must be a live client-credentials token (oidc_model 'ClientCredentials', its id the token value) carrying
 * `need`, of an app the district has not suspended and still grants `need`; then the call is counted against the
 * app's rate_per_minute (one counter for all of the app's open calls). The tenant comes from the token alone (one
 * platform-scope read); everything after runs inside it. 401 for a missing, unknown, expired or revoked token, 403
 * for a scope or app refused, 429 with Retry-After.
 */
export async function admitApp(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  need: OpenScope = 'directory',
): Promise<AppCaller> {
  const token = bearer(req)
  if (!token) {
    reply.header('www-authenticate', 'Bearer realm="directory"')
    throw denied(DirectoryMsg.TOKEN_MISSING)
  }
  const owner = TOKEN.test(token) ? await ctx.db.platform((trx) => findTokenTenant(trx, token)) : undefined
  if (!owner) {
    reply.header('www-authenticate', 'Bearer realm="directory", error="invalid_token"')
    throw denied(DirectoryMsg.TOKEN_INVALID)
  }
  const now = ctx.clock.now()
  const admitted = await ctx.db.tenant(owner.tenant_id, async (trx): Promise<Admission> => {
    const row = await findAppToken(trx, token)
    const live = row && !row.consumed_at && (row.expires_at === null || +new Date(row.expires_at) > +now)
    if (!row || !live || !row.client_id) return { refused: denied(DirectoryMsg.TOKEN_INVALID) }
    const scope = typeof row.payload.scope === 'string' ? row.payload.scope : ''
    if (!scope.split(' ').includes(need)) return { refused: forbidden(SCOPE_REFUSALS[need].missing) }
    const client = await loadHubClient(ctx, trx, row.client_id)
    if (!client || !client.usable) return { refused: forbidden(DirectoryMsg.SUSPENDED) }
    // The district may withdraw the scope after the token was issued: the grant is read again on every call.
    if (!client.scopes.includes(need) || !client.clientCredentials) {
      return { refused: forbidden(SCOPE_REFUSALS[need].notGranted) }
    }
    // The minute window of the call; the first call of a window clears the app's older ones.
    const windowStart = new Date(Math.floor(+now / 60_000) * 60_000)
    const hits = await countCall(trx, client.clientId, windowStart)
    if (hits === 1) await pruneWindows(trx, client.clientId, windowStart)
    if (hits > client.ratePerMinute) {
      const retryAfter = Math.max(1, Math.ceil((+windowStart + 60_000 - +now) / 1000))
      return { limited: retryAfter }
    }
    return { caller: { tenantId: owner.tenant_id, client, scope, ip: req.ip } }
  })
  if ('refused' in admitted) {
    if (admitted.refused.httpStatus === 401) {
      reply.header('www-authenticate', 'Bearer realm="directory", error="invalid_token"')
    }
    throw admitted.refused
  }
  if ('limited' in admitted) {
    reply.header('retry-after', String(admitted.limited))
    throw new AppError(ErrorCode.TOO_MANY_REQUESTS, DirectoryMsg.RATE_LIMITED, 429, {
      retry_after: admitted.limited,
    })
  }
  return admitted.caller
}
