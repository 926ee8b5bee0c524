import { InputMsg, isLoopbackHttp, isSafeLink } from '@zhixiao/shared'
import { badRequest } from './errors.js'

/**
 * Whether the server may call (or send people to) a provider address a tenant stored: https, or http on this machine
 * only when the server allows local stand-ins (config.allowLoopbackProviders, ALLOW_LOOPBACK_PROVIDERS=1). The shared
 * schemas (z.link('endpoint')) let loopback http through so the tests' stand-ins can be saved; this is the server's say.
 */
export function providerUrlAllowed(u: string, allowLoopback: boolean): boolean {
  return isSafeLink(u, 'endpoint') && (allowLoopback || !isLoopbackHttp(u))
}

/**
 * A stored provider address as the server may use it now: itself when allowed, else null (the provider's own default
 * host). An http address saved before https was required is never called.
 */
export function usableProviderUrl(u: string | null | undefined, allowLoopback: boolean): string | null {
  return u && providerUrlAllowed(u, allowLoopback) ? u : null
}

/** 400 服务地址必须以 https:// 开头 for each address given that the server may not use. */
export function assertProviderUrls(allowLoopback: boolean, ...urls: (string | null | undefined)[]): void {
  for (const u of urls) if (u && !providerUrlAllowed(u, allowLoopback)) throw badRequest(InputMsg.ENDPOINT_LINK)
}
