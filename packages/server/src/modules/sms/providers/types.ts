import type { SmsType } from '@zhixiao/shared'

/** One message to one phone: the provider's template and parameters, and the text as the outbox keeps it. */
export interface SmsMessage {
  phone: string
  signName: string | null
  templateCode: string | null
  params: Record<string, string>
  /** The rendered text (template content with its parameters filled in). */
  text: string
}

export type SendResult = { ok: true; bizId: string | null } | { ok: false; error: string }

/** An SMS provider. Implementations never throw for a refusal of the provider: they answer { ok: false }. */
export interface SmsProvider {
  readonly type: SmsType
  send(msg: SmsMessage): Promise<SendResult>
}
