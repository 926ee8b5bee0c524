import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadSecretKey, secretBox } from '../src/platform/secret-box.js'

describe('secret box', () => {
  it('seals with a fresh nonce, opens only with the same key, and refuses a tampered value', () => {
    const box = secretBox(randomBytes(32))
    const a = box.seal('AccessKeySecret-示例')
    expect(a).toMatch(/^v1\./)
    expect(a).not.toContain('AccessKeySecret')
    expect(box.seal('AccessKeySecret-示例')).not.toBe(a)
    expect(box.open(a)).toBe('AccessKeySecret-示例')
    expect(() => secretBox(randomBytes(32)).open(a)).toThrow()
    const flipped = a.slice(0, -2) + (a.endsWith('A') ? 'B' : 'A') + a.slice(-1)
    expect(() => box.open(flipped)).toThrow()
  })

  it('takes SECRET_KEY as base64 or hex, else makes one key file in the data directory and keeps using it', () => {
    const hex = randomBytes(32).toString('hex')
    expect(loadSecretKey(hex, '/nonexistent').toString('hex')).toBe(hex)
    expect(loadSecretKey(Buffer.from(hex, 'hex').toString('base64'), '/nonexistent').toString('hex')).toBe(hex)
    expect(() => loadSecretKey('too-short', '/nonexistent')).toThrow(/SECRET_KEY/)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-key-'))
    const first = loadSecretKey(undefined, dir)
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600)
    expect(loadSecretKey(undefined, dir).equals(first)).toBe(true)
    fs.rmSync(dir, { recursive: true })
  })
})
