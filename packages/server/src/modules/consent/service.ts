import {
  CONSENT_PURPOSE_KEYS,
  CONSENT_PURPOSES,
  ConsentMsg,
  ErrorCode,
  isUnder14,
  type ConsentItem,
  type ConsentLine,
  type ConsentPaperBody,
  type ConsentPurpose,
  type ConsentSetBody,
  type MyChildConsents,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, badRequest, notFound } from '../../platform/errors.js'
import { isWithin } from '../../platform/org-scope.js'
import { currentNoticeVersion } from './notice.js'
import {
  childLines,
  consentApps,
  findChild,
  guardianLinks,
  insertLine,
  latestLine,
  latestLines,
  lineById,
  lockChild,
  memberName,
  noteChildChanged,
} from './queries.js'

const today = (ctx: AppContext) => ctx.clock.now().toISOString().slice(0, 10)
type Line = Awaited<ReturnType<typeof lineById>>
const toLine = (r: Line): ConsentLine => ({ ...r, id: Number(r.id), appId: r.appId === null ? null : Number(r.appId) })

/** The child, when the signed-in account is one of its bound guardians; any other child answers 404 like a missing one. */
async function myChild(trx: Trx, auth: AuthInfo, childId: number) {
  const child = await findChild(trx, childId)
  const links = child ? await guardianLinks(trx, childId, { accountId: auth.accountId }) : []
  if (!child || !links.length) throw notFound(ConsentMsg.CHILD_NOT_FOUND)
  // The membership the guardian is signed in with, when it is the bound one; else their other bound membership.
  const guardian = links.find((l) => l.id === auth.userInfoId) ?? links[0]!
  return { child, guardian }
}

/** 孩子的授权: each purpose (appRelease once per third-party app), its current state, and the child's history. */
export function myChildConsents(ctx: AppContext, auth: AuthInfo, childId: number): Promise<MyChildConsents> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { child } = await myChild(trx, auth, childId)
    const latest = await latestLines(trx, childId)
    const stateOf = (purpose: ConsentPurpose, appId: number | null, appName: string | null): ConsentItem => {
      const l = latest.find((x) => x.purpose === purpose && (x.appId === null ? null : Number(x.appId)) === appId)
      return {
        purpose,
        appId,
        appName,
        given: l?.given ?? false,
        at: l?.at ?? null,
        noticeVersion: l?.noticeVersion ?? null,
      }
    }
    const apps: { id: number; name: string }[] = await consentApps(trx, today(ctx))
    // An app suspended or turned school-duty since keeps its item while a consent to it stands, so it can be withdrawn.
    for (const l of latest) {
      if (l.purpose === 'appRelease' && l.given && l.appId !== null && !apps.some((a) => a.id === Number(l.appId))) {
        apps.push({ id: Number(l.appId), name: l.appName ?? '' })
      }
    }
    const items = CONSENT_PURPOSE_KEYS.flatMap((p) =>
      CONSENT_PURPOSES[p].perApp ? apps.map((a) => stateOf(p, a.id, a.name)) : [stateOf(p, null, null)],
    )
    return {
      childId,
      childName: child.true_name,
      under14: isUnder14(child.birthday, today(ctx)),
      noticeVersion: await currentNoticeVersion(ctx, trx),
      items,
      history: (await childLines(trx, childId)).map(toLine),
    }
  })
}

interface Write {
  child: NonNullable<Awaited<ReturnType<typeof findChild>>>
  guardian: { id: number; true_name: string; relation: string | null }
  channel: 'pc' | 'mobile' | 'paper'
  b: { purpose: ConsentPurpose; appId?: number | null; given: boolean; noticeVersion: string }
}

/**
 * Appends one line after the rules every channel shares: an app only for appRelease (a third-party app of the
 * tenant), the notice the guardian confirmed is the current one (409 otherwise: never consent to an unseen text),
 * and the state changes (409 when it is already so). The child's row is locked first, so parallel taps append one line.
 */
async function appendLine(ctx: AppContext, trx: Trx, auth: AuthInfo, w: Write): Promise<ConsentLine> {
  const { purpose, given } = w.b
  const appId = w.b.appId ?? null
  if (CONSENT_PURPOSES[purpose].perApp && appId === null) throw badRequest(ConsentMsg.APP_REQUIRED)
  if (!CONSENT_PURPOSES[purpose].perApp && appId !== null) throw badRequest(ConsentMsg.APP_NOT_ALLOWED)
  // Consent goes only to a usable third-party app; a withdrawal is always possible (the state check below decides).
  if (appId !== null && given && !(await consentApps(trx, today(ctx), appId)).length) {
    throw notFound(ConsentMsg.APP_NOT_FOUND)
  }
  if (w.b.noticeVersion !== (await currentNoticeVersion(ctx, trx))) {
    throw new AppError(ErrorCode.CONFLICT, ConsentMsg.NOTICE_CHANGED, 409)
  }
  await lockChild(trx, w.child.id)
  const now = await latestLine(trx, w.child.id, purpose, appId)
  if ((now?.given ?? false) === given) {
    throw new AppError(ErrorCode.CONFLICT, given ? ConsentMsg.ALREADY_GIVEN : ConsentMsg.ALREADY_WITHDRAWN, 409)
  }
  const recorder = await memberName(trx, auth.userInfoId)
  const { id } = await insertLine(trx, {
    child_id: w.child.id,
    child_name: w.child.true_name,
    child_org_id: w.child.org_id,
    under14: isUnder14(w.child.birthday, today(ctx)),
    purpose,
    app_id: appId,
    notice_version: w.b.noticeVersion,
    guardian_id: w.guardian.id,
    guardian_name: w.guardian.true_name,
    relation: w.guardian.relation,
    channel: w.channel,
    given,
    recorded_by_account_id: auth.accountId,
    recorded_by_name: recorder?.true_name ?? '',
  })
  // Withdrawal takes effect on the app's next call; the feed row makes its next delta and webhook say so.
  if (appId !== null) await noteChildChanged(trx, w.child.id, w.child.org_id)
  return toLine(await lineById(trx, Number(id)))
}

/** A guardian bound to the child gives or withdraws, on a computer or the phone. */
export function setConsent(ctx: AppContext, auth: AuthInfo, b: ConsentSetBody & { given: boolean }) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { child, guardian } = await myChild(trx, auth, b.childId)
    return appendLine(ctx, trx, auth, { child, guardian, channel: b.channel, b })
  })
}

/**
 * A school admin (管理家长) enters a paper form a guardian signed: the child within the admin's org and below (404
 * otherwise, like a missing one), the named guardian bound to the child (400 otherwise).
 */
export function recordPaperConsent(ctx: AppContext, auth: AuthInfo, b: ConsentPaperBody & { given: boolean }) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const child = await findChild(trx, b.childId)
    if (!child || !(await isWithin(trx, auth.orgId, child.org_id))) throw notFound(ConsentMsg.CHILD_NOT_FOUND)
    const [guardian] = await guardianLinks(trx, child.id, { guardianId: b.guardianId })
    if (!guardian) throw badRequest(ConsentMsg.GUARDIAN_NOT_BOUND)
    return appendLine(ctx, trx, auth, { child, guardian, channel: 'paper', b })
  })
}
