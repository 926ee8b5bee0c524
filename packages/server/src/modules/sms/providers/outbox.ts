import type { SendResult, SmsProvider } from './types.js'

/**
 * The default provider: sends nothing. The message is kept in the SMS log (its full text sealed), where the super
 * administrator can read it — how a fresh install without an SMS contract, and the tests, receive their codes.
 */
export const outboxProvider: SmsProvider = {
  type: 'outbox',
  send: async (): Promise<SendResult> => ({ ok: true, bizId: null }),
}
