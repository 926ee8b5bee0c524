import { createHash, randomInt } from 'node:crypto'
import { TOTP as TOTP_RULES } from '@zhixiao/shared'
import { Secret, TOTP } from 'otpauth'

/**
 * RFC 6238 codes through `otpauth` (SHA-1, 6 digits, 30 s: what every authenticator app reads from an otpauth://
 * address). The secret is stored sealed (ctx.secrets) and shown once, while enrolling.
 */
function otp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_RULES.issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_RULES.digits,
    period: TOTP_RULES.periodSeconds,
    secret: Secret.fromBase32(secret),
  })
}

/** A new 160-bit secret, base32 (RFC 4226 recommends 160 bits). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function otpauthUrl(secret: string, label: string): string {
  return otp(secret, label).toString()
}

/**
 * The 30 s step a code belongs to (one step of drift either side), or null for a wrong code. The caller accepts it
 * only if the step is later than the last accepted one, so a code cannot be used twice.
 */
export function codeStep(secret: string, code: string, now: Date): number | null {
  const o = otp(secret)
  const delta = o.validate({ token: code, timestamp: +now, window: TOTP_RULES.window })
  return delta === null ? null : o.counter({ timestamp: +now }) + delta
}

// No 0/o, 1/l/i: recovery codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten one-time codes like `k7m2p-q9x4t` (50 bits each): only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  return Array.from({ length: TOTP_RULES.recoveryCodes }, () => `${part()}-${part()}`)
}

/** Case and the dash do not matter when typed in. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('base64url')
}
