import fastifyMultipart from '@fastify/multipart'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { randomUUID } from 'node:crypto'
import type { AppConfig } from './config.js'
import { Db, isConnectionLoss } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { syncPermissionCatalogue } from './db/seed/permissions.js'
import { importRunner } from './modules/imports/runner.js'
import { registerImportKinds } from './modules/imports/kinds.js'
import { intakeImport } from './modules/intake/import-kind.js'
import { registerSignIn } from './modules/auth/sign-in.js'
import { totpStep } from './modules/login-security/totp-login.js'
import { smsStep } from './modules/sms/step.js'
import { pendingRegistrations } from './modules/signup/service.js'
import { PEOPLE_IMPORT_KINDS } from './modules/people/import-kinds.js'
import { roleUserImport } from './modules/roles/import-kind.js'
import { syncBuiltinAppsAllTenants } from './modules/apps/registry.js'
import { installApiCors } from './platform/cors.js'
import {
  installApiNoStore,
  installNoSniff,
  installShellSecurityHeaders,
  isApiPath,
} from './platform/security-headers.js'
import { installInputGuard } from './platform/input-guard.js'
import { installWebStatic } from './platform/web-static.js'
import { pushDispatcher } from './modules/messages/dispatch.js'
import { messageCentre } from './modules/messages/notice-service.js'
import { registerMessageCentre } from './platform/notify.js'
import { installAuthHook } from './platform/auth-hook.js'
import { registerContracts } from './platform/contract-routes.js'
import { MODULES } from './modules/index.js'
import type { ModuleDeps } from './modules/manifest.js'
import { type Clock, systemClock } from './platform/clock.js'
import type { AppContext } from './platform/context.js'
import { loadSecretKey, secretBox } from './platform/secret-box.js'
import { installErrorHandler } from './platform/error-handler.js'
import { requestLogFields } from './platform/log-redaction.js'

/** The stand-ins of ModuleDeps (a fixed captcha text, ...) go to the modules as they are. */
export interface BuildOptions extends ModuleDeps {
  config: AppConfig
  /** Defaults to opening the database from config; tests pass their own. */
  db?: Db
  clock?: Clock
  logger?: boolean
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void }
}

/** A registered API route and the access rule the auth hook applies to it. */
export interface RouteAccess {
  method: string
  url: string
  permission?: string | readonly string[]
  public?: boolean
  superAdmin?: boolean
  tenantWide?: boolean
  /** Open to an alumni session (every other non-public route refuses one). */
  alumni?: boolean
  /** The route's request schemas (zod), so tests can generate requests for it (the bad-input sweep). */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown }
}
export interface BuiltApp {
  app: FastifyInstance
  ctx: AppContext
  routes: RouteAccess[]
}

/** How often a process on PostgreSQL looks for import jobs another process queued or left (a killed one), or its own that waited for the database. */
const IMPORT_POLL_MS = 5000

export async function openDatabase(config: AppConfig): Promise<Db> {
  const db = await Db.open({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrateToLatest(db.kysely)
  await syncPermissionCatalogue(db.kysely)
  await syncBuiltinAppsAllTenants(db)
  return db
}

export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config } = opts
  const db = opts.db ?? (await openDatabase(config))
  const ctx: AppContext = {
    db,
    config,
    clock: opts.clock ?? systemClock,
    secrets: secretBox(loadSecretKey(config.secretKey, config.dataDir)),
  }

  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestLogFields },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    genReqId: (req) => {
      const h = req.headers.requestid
      return typeof h === 'string' && /^[\w-]{1,64}$/.test(h) ? h : randomUUID()
    },
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 10 * 1024 * 1024,
  })
  // Every API route with its access rule, so tests can check each one (the generated permission matrix).
  const routes: RouteAccess[] = []
  app.addHook('onRoute', (r) => {
    if (!isApiPath(r.url)) return
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue
      if (r.config?.protocolEndpoint) continue
      routes.push({
        method,
        url: r.url,
        permission: r.config?.permission,
        public: r.config?.public,
        superAdmin: r.config?.superAdmin,
        tenantWide: r.config?.tenantWide,
        alumni: r.config?.alumni,
        schema: { body: r.schema?.body, querystring: r.schema?.querystring, params: r.schema?.params },
      })
    }
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  installApiCors(app)
  installShellSecurityHeaders(app)
  installNoSniff(app)
  installApiNoStore(app)
  // The database going away is logged as a warning: the pool reconnects and the background work resumes by itself.
  db.onConnectionLost((err) => app.log.warn({ err }, 'database connection lost'))
  const background = (msg: string, err?: unknown) =>
    isConnectionLoss(err) ? app.log.warn({ err }, msg) : app.log.error({ err }, msg)
  // The sign-in core's parts from their modules (modules/auth/sign-in.ts): the steps in the order they are asked.
  registerSignIn({ secondFactors: [smsStep, totpStep], pendingRegistrations })
  // The kinds of import, each from the module whose rows it writes (modules/imports/kinds.ts).
  registerImportKinds({ ...PEOPLE_IMPORT_KINDS, roleUser: roleUserImport, intake: intakeImport })
  // The message centre every module's notices go to (platform/notify.ts), from modules/messages.
  registerMessageCentre(messageCentre)
  // Import jobs run in the background of this process; unfinished ones resume at the next start.
  const imports = importRunner(ctx, background)
  // SMS and WeChat pushes of committed messages leave from a queue (modules/messages/dispatch.ts).
  const pushes = pushDispatcher(ctx, background)
  // PGlite has no autovacuum: refresh planner statistics at start and every 15 minutes (Db.analyze).
  let analyzing: ReturnType<typeof setInterval> | undefined
  let polling: ReturnType<typeof setInterval> | undefined
  app.addHook('onReady', async () => {
    if (db.kind === 'pglite') {
      await db.analyze()
      analyzing = setInterval(() => void db.analyze(), 15 * 60_000).unref()
    } else {
      // Other processes may share this database: look for jobs they queued or left behind (docs/deploy.md).
      polling = setInterval(() => imports.kick(), IMPORT_POLL_MS).unref()
    }
    imports.kick()
    pushes.start()
  })
  app.addHook('onClose', async () => {
    clearInterval(analyzing)
    clearInterval(polling)
    await imports.stop()
    await pushes.stop()
    if (!opts.db) await db.close()
  })

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '智校 Zhixiao API',
        version: '0.1.0',
        description: '统一登录、租户、机构与账号接口；响应均为 {code, msg, data}',
      },
    },
    transform: jsonSchemaTransform,
  })
  // The description lists every route and schema: a map for an attacker, so it is served only when asked for.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/docs' })

  // Protocol endpoints beside the API (the OpenID provider, CAS), mounted before any route parses a body.
  for (const m of MODULES) await m.install?.(app, ctx, opts)

  await app.register(async (api) => {
    installAuthHook(api, ctx)
    installInputGuard(api)
    await api.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } })
    for (const m of MODULES) registerContracts(api, m.routes(ctx, opts))
  })

  await installWebStatic(app, config.webDist)

  return { app, ctx, routes }
}
