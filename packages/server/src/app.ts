import fastifyMultipart from '@fastify/multipart'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { randomUUID } from 'node:crypto'
import { ASSISTANT_ADMIN_API, ASSISTANT_API, CONFIG_CENTER_API } from '@zhixiao/shared'
import type { AppConfig } from './config.js'
import { Db, isConnectionLoss } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { syncPermissionCatalogue } from './db/seed/permissions.js'
import { accountRoutes, requiredInfoRoutes } from './modules/account/routes.js'
import { areaRoutes } from './modules/area/routes.js'
import { cityRoutes } from './modules/area/cities.js'
import { buildingRoutes, floorRoutes, roomRoutes, tagRoutes } from './modules/base-data/building-routes.js'
import { calendarRoutes, holidayRoutes, studyMonthRoutes } from './modules/base-data/calendar-routes.js'
import { dictRoutes } from './modules/base-data/dict-routes.js'
import { majorRoutes } from './modules/base-data/major-routes.js'
import { workRestRoutes, workRestTimeRoutes } from './modules/base-data/work-rest-routes.js'
import { subjectRoutes } from './modules/base-data/subject-routes.js'
import { authRoutes } from './modules/auth/routes.js'
import type { CaptchaText } from './modules/auth/captcha.js'
import { organizationRoutes } from './modules/organization/routes.js'
import { orgTypeRoutes } from './modules/organization/type-routes.js'
import { tenantRoutes } from './modules/tenant/routes.js'
import { importLogRoutes } from './modules/imports/routes.js'
import { importRunner } from './modules/imports/runner.js'
import { registerImportKinds } from './modules/imports/kinds.js'
import { registerSignIn } from './modules/auth/sign-in.js'
import { totpStep } from './modules/login-security/totp-login.js'
import { smsStep } from './modules/sms/step.js'
import { pendingRegistrations } from './modules/signup/service.js'
import { PEOPLE_IMPORT_KINDS } from './modules/people/import-kinds.js'
import { roleUserImport } from './modules/roles/import-kind.js'
import { roleRoutes } from './modules/roles/routes.js'
import { appGroupRoutes, appLinkRoutes, appRoutes, dynamicPermissionRoutes, fallbackAppRoutes, oftenUseRoutes, onceTokenRoutes } from './modules/apps/routes.js'
import { syncBuiltinAppsAllTenants } from './modules/apps/registry.js'
import { classHomeRoutes, outerPortalRoutes, redDotConfigRoutes, redDotRoutes } from './modules/red-dots/routes.js'
import { installApiCors } from './platform/cors.js'
import { installApiNoStore, installNoSniff, installShellSecurityHeaders } from './platform/security-headers.js'
import { installInputGuard } from './platform/input-guard.js'
import { installWebStatic } from './platform/web-static.js'
import { bannerRoutes, cmsRoutes, portalModuleRoutes } from './modules/cms/routes.js'
import { configMgrRoutes, mobileInfoRoutes, tenantPortalRoutes } from './modules/portal-config/routes.js'
import { complaintRoutes } from './modules/complaints/routes.js'
import { pcPortalConfigRoutes, sidebarRoutes, systemInfoRoutes } from './modules/pc-portal/routes.js'
import { campusRoutes, classTeacherRoutes, weatherRoutes } from './modules/campus/routes.js'
import { campusWeatherCfg } from './modules/campus/weather-service.js'
import { namedConfigRoutes } from './modules/portal-config/named-config.js'
import { ssoAuthRoutes, thirdConfigRoutes, dingtalkQrSource } from './modules/sso/routes.js'
import { loginSecurityRoutes, qrLoginRoutes } from './modules/login-security/routes.js'
import { changeRoutes, departmentRoutes, joinAuditRoutes, keyLogRoutes, parentRoutes, searchPersonRoutes, studentRoutes, teacherRoutes } from './modules/people/routes.js'
import { smsAccountRoutes, smsAuthRoutes, smsRoutes } from './modules/sms/routes.js'
import { registerOrgRoutes, signupAuthRoutes } from './modules/signup/routes.js'
import { messageRoutes, messageTemplateRoutes, mpAppRoutes, waipinRoutes } from './modules/messages/routes.js'
import { pushDispatcher } from './modules/messages/dispatch.js'
import { customLayoutRoutes, mobileAlarmRoutes, mobileConfigMgrRoutes, mobileQuickRoutes } from './modules/mobile-portal/routes.js'
import { assistantAdminRoutes, assistantChatRoutes } from './modules/assistant/routes.js'
import { dataCentreRoutes } from './modules/data-centre/routes.js'
import { allianceOrgRoutes, juxiaoRoutes } from './modules/alliance/routes.js'
import { externalRoutes, workRestTypeRoutes, workStationMatrixRoutes } from './modules/base-data/extra-routes.js'
import { organizationExtraRoutes } from './modules/organization/extra-routes.js'
import { personalDetailsRoutes } from './modules/people/personal-details.js'
import { configCenterRoutes } from './modules/config-center/routes.js'
import { installAuthHook } from './platform/auth-hook.js'
import { registerContracts } from './platform/contract-routes.js'
import { MODULES } from './modules/index.js'
import { type Clock, systemClock } from './platform/clock.js'
import type { AppContext } from './platform/context.js'
import { loadSecretKey, secretBox } from './platform/secret-box.js'
import { installErrorHandler } from './platform/error-handler.js'
import { requestLogFields } from './platform/log-redaction.js'

export interface BuildOptions {
  config: AppConfig
  /** Defaults to opening the database from config; tests pass their own. */
  db?: Db
  clock?: Clock
  logger?: boolean
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void }
  captchaText?: CaptchaText
}

/** A registered API route and the access rule the auth hook applies to it. */
export interface RouteAccess {
  method: string; url: string; permission?: string | readonly string[]; public?: boolean; superAdmin?: boolean; tenantWide?: boolean
  /** The route's request schemas (zod), so tests can generate requests for it (the bad-input sweep). */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown }
}
export interface BuiltApp { app: FastifyInstance; ctx: AppContext; routes: RouteAccess[] }

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
  const ctx: AppContext = { db, config, clock: opts.clock ?? systemClock, secrets: secretBox(loadSecretKey(config.secretKey, config.dataDir)) }

  const app = Fastify({
    logger: opts.logger === false ? false : {
      level: config.logLevel, serializers: { req: requestLogFields }, ...(opts.logStream ? { stream: opts.logStream } : {}),
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
    if (!r.url.startsWith('/base/') && !r.url.startsWith('/sc-mobile-api/')) return
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue
      routes.push({
        method, url: r.url, permission: r.config?.permission, public: r.config?.public, superAdmin: r.config?.superAdmin, tenantWide: r.config?.tenantWide,
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
  const background = (msg: string, err?: unknown) => isConnectionLoss(err) ? app.log.warn({ err }, msg) : app.log.error({ err }, msg)
  // The sign-in core's parts from their modules (modules/auth/sign-in.ts): the steps in the order they are asked.
  registerSignIn({ secondFactors: [smsStep, totpStep], pendingRegistrations })
  // The kinds of import, each from the module whose rows it writes (modules/imports/kinds.ts).
  registerImportKinds({ ...PEOPLE_IMPORT_KINDS, roleUser: roleUserImport })
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
    openapi: { info: { title: '智校 Zhixiao API', version: '0.1.0', description: '统一登录、租户、机构与账号接口；响应均为 {code, msg, data}' } },
    transform: jsonSchemaTransform,
  })
  // The description lists every route and schema: a map for an attacker, so it is served only when asked for.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/docs' })

  await app.register(async (api) => {
    installAuthHook(api, ctx)
    installInputGuard(api)
    await api.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } })
    for (const m of MODULES) registerContracts(api, m.routes(ctx, { captchaText: opts.captchaText }))
    await api.register(authRoutes(ctx, { captchaText: opts.captchaText }), { prefix: '/base/api/auth' })
    await api.register(accountRoutes(ctx), { prefix: '/base/api/account' })
    await api.register(requiredInfoRoutes(ctx))
    await api.register(roleRoutes(ctx), { prefix: '/base/api/account' })
    await api.register(tenantRoutes(ctx), { prefix: '/base/api/tenant' })
    // The config centre the web app loads at startup (001 §2.4, docs/portal.md "Startup").
    await api.register(configCenterRoutes(ctx), { prefix: CONFIG_CENTER_API })
    await api.register(organizationRoutes(ctx), { prefix: '/base/api/organizationUnit' })
    await api.register(orgTypeRoutes(ctx), { prefix: '/base/api/orgType' })
    await api.register(dictRoutes(ctx), { prefix: '/base/api/dict' })
    await api.register(calendarRoutes(ctx), { prefix: '/base/api/schoolCalendar' })
    await api.register(holidayRoutes(ctx), { prefix: '/base/api/holiday' })
    await api.register(studyMonthRoutes(ctx), { prefix: '/base/api/studyMonth' })
    await api.register(buildingRoutes(ctx), { prefix: '/base/api/buildings' })
    await api.register(floorRoutes(ctx), { prefix: '/base/api/floor' })
    await api.register(roomRoutes(ctx), { prefix: '/base/api/classroom' })
    await api.register(tagRoutes(ctx), { prefix: '/base/api/tags' })
    await api.register(subjectRoutes(ctx), { prefix: '/base/api/subjectMgr/subjectInfo' })
    await api.register(majorRoutes(ctx), { prefix: '/base/api/major' })
    await api.register(workRestRoutes(ctx), { prefix: '/base/api/workRest' })
    await api.register(workRestTimeRoutes(ctx), { prefix: '/base/api/workRestTime' })
    await api.register(areaRoutes(ctx), { prefix: '/base/api/eduarea' })
    await api.register(cityRoutes(ctx), { prefix: '/base/api/cities' })
    await api.register(workRestTypeRoutes(ctx), { prefix: '/base/api/workRestType' })
    await api.register(workStationMatrixRoutes(ctx), { prefix: '/base/api/workStationMatrix' })
    await api.register(externalRoutes(ctx), { prefix: '/base/api/external' })
    await api.register(organizationExtraRoutes(ctx), { prefix: '/base/api/organizationUnit' })
    await api.register(personalDetailsRoutes(ctx), { prefix: '/base/api/userInfo/personalDetails' })
    await api.register(teacherRoutes(ctx), { prefix: '/base/api/userInfo/teacherInfo' })
    await api.register(studentRoutes(ctx), { prefix: '/base/api/userInfo/studentInfo' })
    await api.register(parentRoutes(ctx), { prefix: '/base/api/userInfo/parentBindChild' })
    await api.register(departmentRoutes(ctx), { prefix: '/base/api/userInfo/department' })
    await api.register(importLogRoutes(ctx), { prefix: '/base/api/commonImportLog' })
    await api.register(changeRoutes(ctx), { prefix: '/base/api/userInfo/change' })
    await api.register(joinAuditRoutes(ctx), { prefix: '/base/api/userInfo/joinAudit' })
    await api.register(searchPersonRoutes(ctx), { prefix: '/base/api/userInfo/searchPerson' })
    await api.register(keyLogRoutes(ctx), { prefix: '/base/api/importantLog' })
    await api.register(appGroupRoutes(ctx), { prefix: '/base/mobileAppGroup' })
    await api.register(appLinkRoutes(ctx), { prefix: '/base/mobileAppLink' })
    await api.register(appRoutes(ctx), { prefix: '/base/mobileApp' })
    await api.register(oftenUseRoutes(ctx), { prefix: '/base/oftenUse' })
    await api.register(dynamicPermissionRoutes(ctx), { prefix: '/base/configMgr' })
    await api.register(fallbackAppRoutes(ctx), { prefix: '/base/api/tenant' })
    await api.register(onceTokenRoutes(ctx), { prefix: '/base/api/auth' })
    await api.register(cmsRoutes(ctx), { prefix: '/base/api/cms2' })
    await api.register(portalModuleRoutes(ctx), { prefix: '/base/portal/module' })
    await api.register(bannerRoutes(ctx), { prefix: '/base/api/banner' })
    await api.register(configMgrRoutes(ctx), { prefix: '/base/configMgr' })
    await api.register(mobileInfoRoutes(ctx), { prefix: '/base/api/Mobile' })
    await api.register(tenantPortalRoutes(ctx), { prefix: '/base/api/tenant' })
    await api.register(complaintRoutes(ctx), { prefix: '/base/complainSuggestion' })
    await api.register(campusRoutes(ctx), { prefix: '/sc-mobile-api/api/h5/faculty/campusPro' })
    await api.register(weatherRoutes(ctx), { prefix: '/base/api/weather' })
    await api.register(classTeacherRoutes(ctx), { prefix: '/base/api/class' })
    await api.register(namedConfigRoutes(ctx, { CampusWeatherConfig: campusWeatherCfg }, '天气配置'), { prefix: '/base/configMgr' })
    await api.register(smsRoutes(ctx), { prefix: '/base/api/sms' })
    await api.register(smsAuthRoutes(ctx), { prefix: '/base/api/auth' })
    await api.register(smsAccountRoutes(ctx), { prefix: '/base/api/account' })
    await api.register(signupAuthRoutes(ctx), { prefix: '/base/api/auth' })
    await api.register(registerOrgRoutes(ctx), { prefix: '/base/api/organizationUnit' })
    await api.register(loginSecurityRoutes(ctx), { prefix: '/base/api/auth' })
    await api.register(qrLoginRoutes(ctx, { dingtalk: dingtalkQrSource }), { prefix: '/base/thirdparty/dingtalk' })
    await api.register(ssoAuthRoutes(ctx), { prefix: '/base/api/auth' })
    await api.register(thirdConfigRoutes(ctx), { prefix: '/base/openthirdconfig' })
    // Red dots, the class home and the outer-portal limits (docs/portal.md "Red dots, class home, outer portal").
    await api.register(redDotConfigRoutes(ctx), { prefix: '/base/configMgr' })
    await api.register(redDotRoutes(ctx), { prefix: '/base/api/redot' })
    await api.register(classHomeRoutes(ctx), { prefix: '/base/api/classHome' })
    await api.register(outerPortalRoutes(ctx), { prefix: '/base/portal/outer' })
    await api.register(messageRoutes(ctx), { prefix: '/base/api/message' })
    await api.register(messageTemplateRoutes(ctx), { prefix: '/base/api/messagetemplate' })
    for (const scope of ['service', 'waipin', 'teacher', 'parent'] as const) await api.register(mpAppRoutes(ctx, scope), { prefix: `/base/api/mpApp/${scope}` })
    await api.register(waipinRoutes(ctx), { prefix: '/base/api/waipin' })
    await api.register(pcPortalConfigRoutes(ctx), { prefix: '/base/configMgr' })
    await api.register(sidebarRoutes(ctx), { prefix: '/base/api/Sidebar' })
    await api.register(systemInfoRoutes(ctx), { prefix: '/base/api/systemInfo' })
    // Mobile portal (docs/portal.md "Mobile portal").
    await api.register(mobileConfigMgrRoutes(ctx), { prefix: '/base/configMgr' })
    await api.register(mobileAlarmRoutes(ctx), { prefix: '/base/api/Mobile' })
    await api.register(customLayoutRoutes(ctx), { prefix: '/base/portal/custom' })
    await api.register(mobileQuickRoutes(ctx), { prefix: '/base/mobileHomeQuick' })
    // The AI helper (docs/assistant.md): the spec's calls on the AI host (this server by default) and its maintenance.
    await api.register(assistantChatRoutes(ctx), { prefix: ASSISTANT_API })
    await api.register(assistantAdminRoutes(ctx), { prefix: ASSISTANT_ADMIN_API })
    // Data centre, low-code and IoT entries, and the data warehouse switch (docs/portal-apps.md).
    await api.register(dataCentreRoutes(ctx), { prefix: '/base/api/dataCenter' })
    // School alliances (docs/alliances.md).
    await api.register(juxiaoRoutes(ctx), { prefix: '/base/api/juxiao' })
    await api.register(allianceOrgRoutes(ctx), { prefix: '/base/api/organizationUnit' })
  })

  await installWebStatic(app, config.webDist)

  return { app, ctx, routes }
}
