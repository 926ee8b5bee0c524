import { alumniContracts as A } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { alumniPolicy, myEnrolment, pageAlumniOf, saveAlumniPolicy } from './alumni-service.js'

/** /base/api/alumni */
export const alumniRoutes = (ctx: AppContext) => [
  handle(A.policy, async (req) => ok(await alumniPolicy(ctx, req.auth!))),
  handle(A.savePolicy, async (req) => {
    await saveAlumniPolicy(ctx, req.auth!, req.body)
    return ok(null, '保存成功')
  }),
  handle(A.page, async (req) => ok(await pageAlumniOf(ctx, req.auth!, req.body))),
  handle(A.myEnrolment, async (req) => ok(await myEnrolment(ctx, req.auth!))),
]
