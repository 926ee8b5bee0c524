import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * scrypt (memory-hard, in libuv's thread pool so off the event loop). Default cost 2^17, r=8, p=1 is
 * OWASP's recommendation; the parameters travel inside the stored hash so old hashes verify after a change.
 */
function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const opts: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, opts, (err, key) => (err ? reject(err) : resolve(key))))
}

export async function hashPassword(password: string, cost = 17): Promise<string> {
  const salt = randomBytes(16)
  const N = 2 ** cost
  const key = await derive(password, salt, N, 8, 1)
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$')
  if (alg !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** Used when the user name is unknown, so an unknown name costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined
export function dummyVerify(password: string, cost: number): Promise<boolean> {
  dummyHash ??= hashPassword('dummy-password', cost)
  return dummyHash.then((h) => verifyPassword(password, h))
}
