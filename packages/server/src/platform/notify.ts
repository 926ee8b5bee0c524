import type { MessageEvent } from '@zhixiao/shared'
import type { Trx } from '../db/database.js'
import type { AppContext } from './context.js'

export interface Notice {
  event: MessageEvent
  /** The org whose templates apply (the nearest org up the tree that has one) and whose name is {学校名称}. */
  orgId: number
  /** Recipient accounts, or every active member of an org and the orgs below it (the readers of a news item). */
  to: readonly number[] | { orgSubtree: number }
  /** Keyword values; {时间} and {学校名称} are filled here when absent, {姓名} and {账号} per recipient. */
  values?: Record<string, string>
  /** Overrides the template's link (the news item to confirm). */
  link?: string
}

/**
 * The message centre's side of a notice: modules/messages (notice-service.ts) makes the messages and queues the
 * pushes in its own tables, and registers here when the app is built (registerMessageCentre, called by buildApp), so
 * the modules that notify import only this file and none of them imports the messages module.
 */
export interface MessageCentre {
  notify(trx: Trx, ctx: AppContext, n: Notice): Promise<number>
  orgOfAccount(trx: Trx, accountId: number): Promise<number | null>
}

let centre: MessageCentre | undefined

export function registerMessageCentre(c: MessageCentre): void {
  centre = c
}

/** A notice never goes missing silently: an unregistered centre refuses rather than drop the messages. */
function registered(): MessageCentre {
  if (!centre) throw new Error('the message centre is not registered (app.ts calls registerMessageCentre)')
  return centre
}

/**
 * Makes the event's messages inside the caller's transaction: an in-app message per recipient and the SMS, WeChat
 * and terminal pushes whose templates and apps are on (modules/messages/notice-service.ts). Pushes leave only after
 * the transaction commits, so a rolled-back action sends nothing at all. Returns the number of messages made.
 */
export function notify(trx: Trx, ctx: AppContext, n: Notice): Promise<number> {
  return registered().notify(trx, ctx, n)
}

/** The org an account's messages are about when the action names none: its first membership, else the tenant's top org. */
export function orgOfAccount(trx: Trx, accountId: number): Promise<number | null> {
  return registered().orgOfAccount(trx, accountId)
}
