import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Encrypts provider secrets (SMS access keys, single sign-on client secrets) before they are stored, so a copy of the
 * database alone does not give them away. AES-256-GCM with a random 96-bit nonce per value; the stored form is
 * `v1.<base64url(nonce | tag | ciphertext)>`. Callers store `seal(secret)` and never send it back to a browser.
 */
export interface SecretBox {
  seal(plain: string): string
  open(sealed: string): string
  /**
   * A keyed digest of `data` under a subkey of the secret key for `purpose` (HKDF): stable across processes of one
   * deployment, unguessable without the key — pairwise subject ids, the OpenID provider's cookie keys.
   */
  tag(purpose: string, data: string): string
}

const VERSION = 'v1.'

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes')
  const subkeys = new Map<string, Buffer>()
  const subkey = (purpose: string) => {
    let k = subkeys.get(purpose)
    if (!k) subkeys.set(purpose, (k = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `zx:${purpose}`, 32))))
    return k
  }
  return {
    tag(purpose, data) {
      return createHmac('sha256', subkey(purpose)).update(data).digest('base64url')
    },
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('not a sealed secret')
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}

/**
 * The key: SECRET_KEY (32 bytes as base64 or 64 hex digits) when set — every process of one deployment needs the same
 * one (docs/deploy.md); otherwise `secret.key` in the data directory, made on first start with mode 0600.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) {
    const key = /^[0-9a-f]{64}$/i.test(secretKey) ? Buffer.from(secretKey, 'hex') : Buffer.from(secretKey, 'base64')
    if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, as base64 or 64 hex digits')
    return key
  }
  const file = path.join(dataDir, 'secret.key')
  try {
    return loadSecretKey(fs.readFileSync(file, 'utf8').trim(), dataDir)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32)
  try {
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' })
    return key
  } catch (e) {
    // Another process made it first: use theirs.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST')
      return loadSecretKey(fs.readFileSync(file, 'utf8').trim(), dataDir)
    throw e
  }
}
