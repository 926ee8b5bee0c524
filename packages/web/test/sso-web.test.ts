import { Msg } from '@zhixiao/shared'
import { describe, expect, it } from 'vitest'
import { swapOnceToken } from '../src/bootstrap/url-token'
import { logoutDestination } from '../src/features/account/logout-destination'

/** The redirect-token exchange's messages (000 §5) and the logout destination by tenant type (000 §4). */
describe('redirect token exchange', () => {
  const answer =
    (status: number, body: unknown): typeof fetch =>
    async () =>
      new Response(body === null ? 'Bad Gateway' : JSON.stringify(body), { status })
  it('gives the session token of a good exchange', async () => {
    expect(
      await swapOnceToken('t1.x', answer(200, { code: 0, msg: 'ok', data: { accessToken: 't1.session' } })),
    ).toEqual({ ok: true, token: 't1.session' })
  })
  it('says 非法请求 when the server refuses the token', async () => {
    expect(await swapOnceToken('t1.x', answer(401, { code: 401, msg: '无效', data: null }))).toEqual({
      ok: false,
      msg: Msg.ILLEGAL_REQUEST,
    })
    expect(Msg.ILLEGAL_REQUEST).toBe('非法请求')
  })
  it('says 网络错误 when there is no answer, or only a gateway error page', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('Failed to fetch')
    }
    expect(await swapOnceToken('t1.x', down)).toEqual({ ok: false, msg: '网络错误' })
    expect(await swapOnceToken('t1.x', answer(502, null))).toEqual({ ok: false, msg: '网络错误' })
  })
})

describe('logout destination', () => {
  const user = { orgId: 12, userName: 'li', roles: ['teacher'] }
  it('goes by tenant type', () => {
    expect(logoutDestination({ user, tenantModuleType: 0 })).toBe('/?orgId=12')
    expect(logoutDestination({ user, tenantModuleType: 1 })).toBe('/redirect/login?orgId=12')
    expect(logoutDestination({ user, tenantModuleType: 4 })).toBe('/redirect/login?orgId=12')
    expect(logoutDestination({ user, tenantModuleType: 3 })).toBe('/redirect/login')
    expect(logoutDestination({ user: null, tenantModuleType: 1 })).toBe('/redirect/login')
  })
  it('sends the super administrator to their own login', () => {
    expect(
      logoutDestination({ user: { orgId: 0, userName: 'administrator', roles: ['admin'] }, tenantModuleType: null }),
    ).toBe('/redirect/admin')
  })
})
