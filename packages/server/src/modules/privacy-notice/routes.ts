import { NoticeMsg, privacyNoticeContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { tenantHeader } from '../../platform/request-meta.js'
import * as svc from './notice-service.js'

/** /base/api/privacyNotice */
export const privacyNoticeRoutes = (ctx: AppContext) => [
  handle(C.current, async (req) =>
    ok(await svc.currentNotice(ctx, await svc.noticeTenant(ctx, req.query, tenantHeader(req)), req.query.kind)),
  ),
  handle(C.versions, async (req) =>
    ok(await svc.currentVersions(ctx, await svc.noticeTenant(ctx, req.query, tenantHeader(req)))),
  ),
  handle(C.list, async (req) => ok(await svc.listAllNotices(ctx, req.auth!))),
  handle(C.detail, async (req) => ok(await svc.noticeDetail(ctx, req.auth!, req.query.id))),
  handle(C.saveDraft, async (req) => ok(await svc.saveDraft(ctx, req.auth!, req.body), NoticeMsg.DRAFT_SAVED)),
  handle(C.deleteDraft, async (req) => {
    await svc.deleteDraft(ctx, req.auth!, req.body.kind)
    return ok(null, NoticeMsg.DRAFT_DELETED)
  }),
  handle(C.publish, async (req) => ok(await svc.publishNotice(ctx, req.auth!, req.body.kind), NoticeMsg.PUBLISHED)),
  handle(C.myAcceptances, async (req) => ok(await svc.myAcceptances(ctx, req.auth!))),
]
