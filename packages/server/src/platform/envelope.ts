import type { Envelope } from '@zhixiao/shared'
import { Msg } from '@zhixiao/shared'

export function ok<T>(data: T, msg: string = Msg.OK): Envelope<T> {
  return { code: 0, msg, data }
}
