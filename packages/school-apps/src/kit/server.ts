import fs from 'node:fs'
import path from 'node:path'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import { ZodError } from 'zod'
import { appAuth, messagePage } from './auth.js'
import { resolveOptions, type SchoolAppsOptions } from './config.js'
import { openAppDb, runMigrations, type OpenedDb } from './db.js'
import { directoryMirror, type KitDirectory } from './directory.js'
import { hubApi, hubCalls, type KitHubCalls } from './hub.js'
import { kitMigrations } from './migrations.js'
import { issuerClient } from './oidc.js'
import { AppError, type AppContext, type SchoolApp } from './types.js'
import { registerWebhooks } from './webhooks.js'

/** One mounted app's context, with what tests and logs look at: the mirror's and the hub calls' last errors. */
export interface MountedApp extends AppContext {
  app: SchoolApp
  directory: KitDirectory
  hub: KitHubCalls
  /** Syncs the directory now, then seeds the demo (once) and recounts the badges. */
  syncNow(): Promise<void>
}

export interface RunningApps {
  /** The apps' origin as browsers see it (options.publicUrl). */
  url: string
  /** Where the server listens (http://host:port), which equals url unless a proxy stands in front. */
  listenUrl: string
  apps: Record<string, MountedApp>
  db: OpenedDb
  server: FastifyInstance
  close(): Promise<void>
}

const BODY_LIMIT = 1024 * 1024
const FILE_LIMIT = 5 * 1024 * 1024
const hasChinese = (s: string) => /[\u4e00-\u9fa5]/.test(s)
/** NUL and lone surrogates: no field of any app may hold them (they break exports, logs and PostgreSQL text). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const BAD_CHARS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function hasBadChars(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return BAD_CHARS.test(v)
  if (depth > 20 || v === null || typeof v !== 'object') return false
  if (Buffer.isBuffer(v)) return false
  return Object.entries(v).some(([k, x]) => BAD_CHARS.test(k) || hasBadChars(x, depth + 1))
}

const isEnvelope = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { code?: unknown }).code === 'number' &&
  typeof (v as { msg?: unknown }).msg === 'string' &&
  'data' in v

/**
 * The portal's CSP for its own pages, with the portal's origin as a permitted framer: the launcher opens the apps
 * top-level, and a district may also host them in the portal's frame.
 */
function cspFor(portalOrigins: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${portalOrigins.join(' ')}`,
  ].join('; ')
}

/** Starts the school apps: one Fastify server mounting each app under /<key>/, over one database. */
export async function startKit(options: SchoolAppsOptions, apps: readonly SchoolApp[]): Promise<RunningApps> {
  const o = resolveOptions(options)
  const keys = new Set<string>()
  for (const a of apps) {
    if (!/^[a-z][a-z0-9-]{1,30}$/.test(a.key) || keys.has(a.key)) throw new Error(`school apps: bad app key "${a.key}"`)
    keys.add(a.key)
  }
  const mounted = apps.filter((a) => o.clients[a.key])
  const db = await openAppDb(o)
  const server = Fastify({ bodyLimit: BODY_LIMIT, logger: o.logger, trustProxy: process.env.TRUST_PROXY === '1' })
  const log = (msg: string) => server.log.warn(msg)
  let timer: NodeJS.Timeout | undefined
  try {
    await runMigrations(db, kitMigrations)
    await db.query(
      'CREATE TABLE IF NOT EXISTS kit_demo (app_key text PRIMARY KEY, seeded_at timestamptz NOT NULL DEFAULT now())',
    )
    for (const a of mounted) await runMigrations(db, a.migrations)

    await server.register(multipart, { limits: { fileSize: FILE_LIMIT, files: 5, fields: 50, fieldSize: 64 * 1024 } })
    server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    const portalOrigins = [...new Set([new URL(o.portalPublicUrl).origin, new URL(o.portalUrl).origin])]
    const csp = cspFor(portalOrigins)
    server.addHook('onSend', async (req, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff')
      reply.header('referrer-policy', 'same-origin')
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
        reply.header('content-security-policy', csp)
      if (req.url.includes('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
      return payload
    })
    server.get('/', async (_req, reply) => {
      const list = mounted.map((a) => `<li><a href="/${a.key}/">${a.title}</a></li>`).join('')
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>智校应用</title></head><body><ul>${list}</ul></body></html>`)
    })

    const contexts: Record<string, MountedApp> = {}
    let staticDecorated = false
    for (const a of mounted) {
      const client = o.clients[a.key]!
      const issuer = issuerClient(o, client)
      const api = hubApi(o.portalUrl, issuer)
      const directory = directoryMirror(a.key, db, api)
      const hub = hubCalls(api, log)
      const refreshBadges = async () => {
        try {
          await a.refreshBadges?.(ctx)
        } catch (e) {
          log(`school apps: ${a.key} badges failed: ${(e as Error).message}`)
        }
      }
      const auth = appAuth(server, o, a.key, a.title, db, issuer, () => void refreshBadges())
      const ctx: MountedApp = {
        app: a,
        key: a.key,
        db,
        directory,
        hub,
        baseUrl: `${o.publicUrl}/${a.key}`,
        viewer: auth.viewer,
        async syncNow() {
          await directory.sync()
          if (o.demo && a.seedDemo && (await directory.ready())) {
            const seeded = await db.query('SELECT 1 FROM kit_demo WHERE app_key = $1', [a.key])
            if (!seeded.length) {
              await a.seedDemo(ctx)
              await db.query('INSERT INTO kit_demo (app_key) VALUES ($1) ON CONFLICT DO NOTHING', [a.key])
            }
          }
          await refreshBadges()
        },
      }
      contexts[a.key] = ctx

      await registerWebhooks(server, a.key, client.webhookSecret, (event, data) => {
        const after = async () => {
          // A removed parent binding reaches no delta: the event's own list of the child's guardians is the news.
          if (event.startsWith('guardian.') && typeof data.child === 'string' && Array.isArray(data.guardians)) {
            const guardians = (data.guardians as { sub?: unknown; relation?: unknown }[]).flatMap((g) =>
              typeof g?.sub === 'string'
                ? [{ sub: g.sub, relation: typeof g.relation === 'string' ? g.relation : null }]
                : [],
            )
            await directory.setGuardiansOf(data.child, guardians)
          }
          await ctx.syncNow()
        }
        void after().catch((e: unknown) =>
          log(`school apps: ${a.key} sync after ${event} failed: ${(e as Error).message}`),
        )
      })

      await server.register(
        async (inst) => {
          inst.addHook('preHandler', async (req) => {
            if (hasBadChars(req.body) || hasBadChars(req.query) || hasBadChars(req.params)) {
              throw new AppError(400, '请求含有非法字符')
            }
          })
          // Routes answer their data or ok(data, msg); either way the browser gets {code, msg, data}.
          inst.addHook('onRoute', (route) => {
            const handler = route.handler
            route.handler = async function (this: FastifyInstance, req, reply) {
              const out: unknown = await handler.call(this, req, reply)
              if (out === reply || reply.sent) return reply
              // A file the route builds (an Excel export) goes out as it is, with the route's own headers.
              if (out instanceof Uint8Array || typeof (out as { pipe?: unknown } | null)?.pipe === 'function')
                return out
              return isEnvelope(out) ? out : { code: 0, msg: '操作成功', data: out ?? null }
            }
          })
          inst.setErrorHandler((error: FastifyError | AppError | ZodError, req, reply) => {
            if (error instanceof AppError) {
              const status = error.code >= 400 && error.code < 600 ? error.code : 400
              return reply.status(status).send({ code: error.code, msg: error.message, data: null })
            }
            if (error instanceof ZodError) {
              const first = error.issues[0]
              const field = first?.path.join('.') ?? ''
              const msg =
                first && hasChinese(first.message) ? first.message : `请求参数有误${field ? `：${field}` : ''}`
              return reply.status(400).send({ code: 400, msg, data: null })
            }
            const status = (error as FastifyError).statusCode
            if (status === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
              return reply.status(413).send({ code: 413, msg: '文件或请求内容过大（文件不超过 5 MB）', data: null })
            }
            if (status && status >= 400 && status < 500) {
              return reply.status(status).send({ code: status, msg: '请求参数有误', data: null })
            }
            req.log.error({ err: error }, `school apps: ${a.key} unhandled error`)
            if (!o.logger) console.error(`school apps: ${a.key} ${req.method} ${req.url}:`, error)
            return reply.status(500).send({ code: 500, msg: '服务器内部错误', data: null })
          })
          inst.setNotFoundHandler((_req, reply) => reply.status(404).send({ code: 404, msg: '接口不存在', data: null }))
          inst.get('/me', async (req, reply) => {
            const v = await ctx.viewer(req, reply)
            return v ? v : reply
          })
          await a.routes(inst, ctx)
        },
        { prefix: `/${a.key}/api` },
      )

      // The page and its assets (web/<key>.html built into dist/ by Vite, base './').
      const htmlFile = path.join(o.distDir, `${a.key}.html`)
      server.get(`/${a.key}`, async (_req, reply) => reply.redirect(`/${a.key}/`, 302))
      server.get(`/${a.key}/`, async (_req, reply) => {
        if (!fs.existsSync(htmlFile)) {
          return reply
            .code(503)
            .type('text/html; charset=utf-8')
            .send(
              messagePage(a.title, '页面尚未构建（npm run build -w @zhixiao/school-apps）', {
                href: `/${a.key}/`,
                text: '刷新',
              }),
            )
        }
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(fs.createReadStream(htmlFile))
      })
      await server.register(fastifyStatic, {
        root: path.join(o.distDir, 'assets'),
        prefix: `/${a.key}/assets/`,
        decorateReply: !staticDecorated,
        index: false,
        // Vite names assets by their content: they never change under one name.
        maxAge: '365d',
        immutable: true,
      })
      staticDecorated = true
    }

    const listenUrl = await server.listen({ port: o.port, host: o.host })
    // The first sync, the demo and the badges before the start is reported, so a new user finds them at once; a hub
    // that does not answer yet is retried by the timer.
    for (const c of Object.values(contexts)) {
      await c
        .syncNow()
        .catch((e: unknown) => log(`school apps: ${c.key} first directory sync failed: ${(e as Error).message}`))
    }
    if (o.syncIntervalSec > 0) {
      timer = setInterval(() => {
        for (const c of Object.values(contexts)) {
          void c.syncNow().catch((e: unknown) => log(`school apps: ${c.key} sync failed: ${(e as Error).message}`))
        }
        void db.query('DELETE FROM kit_session WHERE expires_at < now()').catch(() => undefined)
      }, o.syncIntervalSec * 1000)
      timer.unref()
    }
    return {
      url: o.publicUrl,
      listenUrl,
      apps: contexts,
      db,
      server,
      close: async () => {
        clearInterval(timer)
        await server.close()
        await db.close()
      },
    }
  } catch (e) {
    clearInterval(timer)
    await server.close().catch(() => undefined)
    await db.close().catch(() => undefined)
    throw e
  }
}
