import { describe, expect, it } from 'vitest'
import { hasControlChars, hasIllegalChars, InputMsg, isLoopbackHttp, isSafeLink, teacherAddBody } from '../src/index.js'
import * as z from '../src/z.js'

describe('illegal and control characters', () => {
  it('NUL and lone surrogates are illegal; pairs (emoji) and ordinary text are not', () => {
    expect(['a\u0000', 'a\ud800', '\udc00a', '\ud83d\ude00\ud800'].map(hasIllegalChars)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['😀', '张三', 'tab\tand\nnewline', ''].map(hasIllegalChars)).toEqual([false, false, false, false])
    expect(['a\tb', 'a\nb', 'a\u0001b', 'a\u007fb', '张三'].map(hasControlChars)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ])
  })

  it('z.string() refuses illegal characters in every schema; z.line() also control characters, after trimming', () => {
    expect(z.string().safeParse('a\u0000b').error?.issues[0]?.message).toBe(InputMsg.ILLEGAL_CHARS)
    expect(z.string().parse('第一行\n第二行')).toBe('第一行\n第二行')
    expect(z.line().safeParse('张\t三').error?.issues[0]?.message).toBe(InputMsg.CONTROL_CHARS)
    expect(z.line().parse('  张三\n')).toBe('张三')
    expect(teacherAddBody.safeParse({ trueName: '张\u0000三', phone: '13800000000' }).error?.issues[0]?.message).toBe(
      InputMsg.ILLEGAL_CHARS,
    )
  })
})

describe('stored links', () => {
  it('web: http(s), a path on this site or a hash route; never another scheme or another host by //', () => {
    for (const ok of ['https://example.cn/x', 'http://example.cn', '/portal/home', '#/portal/home'])
      expect(isSafeLink(ok), ok).toBe(true)
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      'java\tscript:x',
      ' javascript:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'https://',
      'https:///x',
      'ftp://x',
      'x.html',
    ]) {
      expect(isSafeLink(bad), bad).toBe(false)
    }
  })

  it('endpoint: a provider address is https, or http on this machine only (a local stand-in)', () => {
    for (const ok of [
      'https://dysmsapi.aliyuncs.com/',
      'https://idp.example.cn:8443/realms/x',
      'http://127.0.0.1:4000',
      'http://localhost/x',
      'http://[::1]:9/',
    ])
      expect(isSafeLink(ok, 'endpoint'), ok).toBe(true)
    for (const bad of [
      'http://gw.example.cn',
      'http://10.0.0.5',
      'http://127.0.0.1.evil.cn/',
      'http://localhost.evil.cn',
      'ftp://x.cn',
      '/x',
      'https://',
    ])
      expect(isSafeLink(bad, 'endpoint'), bad).toBe(false)
    expect(isLoopbackHttp('https://127.0.0.1')).toBe(false)
  })
  it('http and path kinds, and z.link() (empty means none)', () => {
    expect(isSafeLink('/x', 'http')).toBe(false)
    expect(isSafeLink('https://x.cn', 'path')).toBe(false)
    expect(isSafeLink('#/x', 'path')).toBe(false)
    expect(z.link('web', '坏链接').safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe('坏链接')
    expect(z.link().parse('')).toBe('')
    expect(z.link().safeParse(`https://x.cn/${'a'.repeat(600)}`).error?.issues[0]?.message).toBe(InputMsg.TOO_LONG)
  })
})
