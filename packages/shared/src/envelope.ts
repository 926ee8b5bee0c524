import * as z from './z.js'

/** Every API answer is `{code, msg, data}`; 0 and 201 mean success (spec 000 §8). */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

export const SUCCESS_CODES: readonly number[] = [0, 201]

export function isSuccess(code: number): boolean {
  return SUCCESS_CODES.includes(code)
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data })
