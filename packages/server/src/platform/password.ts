import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { hash as argon2Hash, parseOptions, verify as argon2Verify, type Algorithm } from '@node-rs/argon2'

/**
 * Password hashes (docs/auth.md "Passwords"). New hashes are Argon2id PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`)
 * made by @node-rs/argon2, whose promise API runs the hash as N-API async work in libuv's thread pool, so off the
 * event loop. Every stored hash names its algorithm and parameters, so hashes made before a change still verify:
 * the scrypt hashes of earlier versions (`scrypt$N$r$p$salt$key`) too, until the next good login replaces them
 * (needsRehash).
 */
export interface PasswordParams {
  /** Argon2 memory cost m, in KiB (at least 8 × parallelism). */
  memoryKiB: number
  /** Argon2 passes t (at least 1). */
  timeCost: number
  /** Argon2 lanes p. */
  parallelism: number
}

/** OWASP's Argon2id recommendation: m = 19 MiB, t = 2, p = 1 (about 15 ms of one core here). */
export const OWASP_ARGON2ID: Readonly<PasswordParams> = Object.freeze({ memoryKiB: 19456, timeCost: 2, parallelism: 1 })

/** Algorithm.Argon2id: the package declares it as an ambient const enum, which isolatedModules cannot read as a value. */
const ARGON2ID = 2 as Algorithm
/** Version.V0x13 (the PHC string's v=19), the same kind of const enum. */
const VERSION_0X13 = 1

const normalise = (password: string) => password.normalize('NFKC')

export function hashPassword(password: string, params: PasswordParams = OWASP_ARGON2ID): Promise<string> {
  return argon2Hash(normalise(password), {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKiB,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
  })
}

/** True when the password matches the stored hash, of either format; false for a hash of no known format. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, normalise(password))
    } catch {
      return false // a malformed stored hash matches nothing
    }
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored)
  return false
}

/**
 * Whether a hash that just verified should be replaced by a new one with the current parameters: anything but
 * Argon2id v1.3, or an Argon2id hash whose memory, passes or lanes are below the current ones (a hash made with
 * stronger parameters than the current ones is kept).
 */
export function needsRehash(stored: string, params: PasswordParams = OWASP_ARGON2ID): boolean {
  if (!stored.startsWith('$argon2id$')) return true
  try {
    const o = parseOptions(stored)
    return (
      (o.version as number) !== VERSION_0X13 ||
      o.memoryCost < params.memoryKiB ||
      o.timeCost < params.timeCost ||
      o.parallelism < params.parallelism
    )
  } catch {
    return true
  }
}

/** Earlier versions' scrypt hashes: `scrypt$N$r$p$salt$key` (base64 salt and key); verify only, never made any more. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$')
  if (!salt || !hash) return false
  const N = Number(n),
    R = Number(r),
    P = Number(p)
  if (![N, R, P].every((v) => Number.isSafeInteger(v) && v > 0)) return false
  const expected = Buffer.from(hash, 'base64')
  const opts: ScryptOptions = { N, r: R, p: P, maxmem: 256 * N * R + 1024 * 1024 }
  // Parameters scrypt refuses (it throws at once for some, calls back with an error for others) match nothing.
  const key = await new Promise<Buffer | null>((resolve) => {
    try {
      scrypt(normalise(password), Buffer.from(salt, 'base64'), 32, opts, (err, k) => resolve(err ? null : k))
    } catch {
      resolve(null)
    }
  })
  return !!key && key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * Used when the user name is unknown, so an unknown name costs the time of a real verify with the current
 * parameters: the dummy hash is made once per parameter set, with those parameters.
 */
const dummyHashes = new Map<string, Promise<string>>()
export function dummyHash(params: PasswordParams = OWASP_ARGON2ID): Promise<string> {
  const key = `${params.memoryKiB},${params.timeCost},${params.parallelism}`
  let dummy = dummyHashes.get(key)
  if (!dummy) {
    dummy = hashPassword(`dummy-${randomBytes(12).toString('base64url')}`, params)
    dummyHashes.set(key, dummy)
    dummy.catch(() => dummyHashes.delete(key)) // a failed hash is made again next time
  }
  return dummy
}

export async function dummyVerify(password: string, params: PasswordParams = OWASP_ARGON2ID): Promise<boolean> {
  return verifyPassword(password, await dummyHash(params))
}
