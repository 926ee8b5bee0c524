import { Msg, accountContracts as A, requiredInfoContracts as V } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { resetWithTicket } from '../auth/password-change.js'
import { changePassword, currentUserDetail, userOrgs } from './service.js'
import { verifyCheck, verifySave } from './verify-service.js'

/** /base/api/account: the signed-in user, their orgs and passwords. */
export const accountRoutes = (ctx: AppContext) => [
  handle(A.currentUser, async (req) => ok(await currentUserDetail(ctx, req.auth!))),
  handle(A.userOrgs, async (req) => ok(await userOrgs(ctx, req.auth!, req.query.openAccountId))),
  handle(A.mustChangePassword, async (req) => {
    await resetWithTicket(ctx, req.body.mustRstPwdId, req.body.newPassword)
    return ok(null, Msg.PASSWORD_CHANGED)
  }),
  handle(A.changePassword, async (req) => {
    await changePassword(ctx, req.auth!, req.body.oldPwd, req.body.newPwd)
    return ok(null, Msg.PASSWORD_CHANGED)
  }),
]

/** The required-information check after login (000 §7.2, §7.5). */
export const requiredInfoRoutes = (ctx: AppContext) => [
  handle(V.check, async (req) => ok(await verifyCheck(ctx, req.auth!))),
  handle(V.save, async (req) => {
    await verifySave(ctx, req.auth!, req.body)
    return ok(null, '保存成功')
  }),
]
