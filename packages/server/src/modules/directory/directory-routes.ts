import { directoryContracts as D } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { admitApp } from './app-token.js'
import * as dir from './directory-service.js'

/** /open/v1 (docs/open-platform.md "Directory API"): each call admits the app by its token first (401/403/429). */
export const directoryRoutes = (ctx: AppContext) => [
  handle(D.schools, async (req, reply) => ok(await dir.schools(ctx, await admitApp(ctx, req, reply), req.query))),
  handle(D.grades, async (req, reply) => ok(await dir.grades(ctx, await admitApp(ctx, req, reply), req.query))),
  handle(D.classes, async (req, reply) => ok(await dir.classes(ctx, await admitApp(ctx, req, reply), req.query))),
  handle(D.teachers, async (req, reply) => ok(await dir.teachers(ctx, await admitApp(ctx, req, reply), req.query))),
  handle(D.students, async (req, reply) => ok(await dir.students(ctx, await admitApp(ctx, req, reply), req.query))),
  handle(D.guardians, async (req, reply) => ok(await dir.guardians(ctx, await admitApp(ctx, req, reply), req.query))),
]
