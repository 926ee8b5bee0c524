import { openNotifyContracts as N } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { admitApp } from '../directory/app-token.js'
import * as svc from './service.js'

/** /open/v1/messages and /open/v1/badges: each call admits the app by its zx:notify token first (401/403/429). */
export const openNotifyRoutes = (ctx: AppContext) => [
  handle(N.messages, async (req, reply) =>
    ok(await svc.sendMessages(ctx, await admitApp(ctx, req, reply, 'zx:notify'), req.body)),
  ),
  handle(N.badges, async (req, reply) =>
    ok(await svc.setBadges(ctx, await admitApp(ctx, req, reply, 'zx:notify'), req.body)),
  ),
]
