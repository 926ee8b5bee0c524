import { describe, expect, it } from 'vitest'
import { netTypeOfHost } from '../src/net-type.js'

describe('ysNetType of the address the portal was opened on', () => {
  it('1 for loopback, private and link-local addresses and intranet host names', () => {
    for (const h of [
      'localhost',
      '127.0.0.1',
      '10.2.3.4',
      '192.168.1.20',
      '172.16.0.1',
      '172.31.255.1',
      '100.64.0.1',
      '[::1]',
      'fd12::1',
      'portal',
      'jw.school.local',
      'edu.intranet',
    ])
      expect(netTypeOfHost(h), h).toBe(1)
  })
  it('0 for public addresses and names, and for what only looks private', () => {
    for (const h of ['portal.example.cn', '8.8.8.8', '172.32.0.1', '11.0.0.1', '2001:db8::1', 'local.example.com', ''])
      expect(netTypeOfHost(h), h).toBe(0)
  })
})
