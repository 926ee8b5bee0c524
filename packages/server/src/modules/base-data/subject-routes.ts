import { subjectContracts as S } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './subject-service.js'

/** /base/api/subjectMgr/subjectInfo (000 §7.9): a school's subjects. */
export const subjectRoutes = (ctx: AppContext) => [
  handle(S.page, async (req) => ok(await svc.pageSubjects(ctx, req.auth!, req.body))),
  handle(S.add, async (req) => ok(await svc.addSubject(ctx, req.auth!, req.body), '新增成功')),
  handle(S.update, async (req) => {
    await svc.updateSubject(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(S, {
    setStatus: (a, id, s) => svc.setSubjectStatus(ctx, a, id, s),
    remove: (a, id) => svc.deleteSubject(ctx, a, id),
  }),
]
