import { createHash, randomUUID } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import type { AppContext } from '../../platform/context.js'
import { deleteExpiredCaptchas, insertCaptcha, spendCaptcha } from './queries.js'

const CAPTCHA_TTL_MS = 5 * 60 * 1000
const hashAnswer = (text: string) => createHash('sha256').update(text.trim().toLowerCase()).digest('base64url')

/** Tests replace the expected answer so they can solve the captcha; users get svg-captcha's random text. */
export type CaptchaText = () => string

export async function createCaptcha(
  ctx: AppContext,
  text?: CaptchaText,
): Promise<{ checkCodeSessionId: string; image: string }> {
  // svg-captcha alone is weak; vary its noise and keep it behind the account and IP limits.
  const made = svgCaptcha.create({
    size: 4,
    noise: 2 + Math.floor(Math.random() * 3),
    ignoreChars: '0oO1ilI',
    color: true,
    width: 120,
    height: 40,
  })
  const answer = text ? text() : made.text
  const id = randomUUID()
  const now = ctx.clock.now()
  await deleteExpiredCaptchas(ctx.db.kysely, now)
  await insertCaptcha(ctx.db.kysely, {
    id,
    answer_hash: hashAnswer(answer),
    expires_at: new Date(+now + CAPTCHA_TTL_MS),
  })
  return { checkCodeSessionId: id, image: `data:image/svg+xml;base64,${Buffer.from(made.data).toString('base64')}` }
}

/** Single use: a code is spent by its first check, right or wrong. */
export async function consumeCaptcha(
  ctx: AppContext,
  id: string | null | undefined,
  answer: string | null | undefined,
): Promise<boolean> {
  if (!id || !answer) return false
  const row = await spendCaptcha(ctx.db.kysely, id, ctx.clock.now())
  return !!row && row.answer_hash === hashAnswer(answer)
}
