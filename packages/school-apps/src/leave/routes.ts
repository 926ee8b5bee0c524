/**
 * The leave app's API under /leave/api: each route reads the signed-in viewer, validates its input with zod (a
 * Chinese message and code 400 on bad input) and calls a service. No rules and no SQL here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError, ok, type AppContext, type Viewer } from '../kit/types.js'
import { LeaveMsg, MAX_NOTE_BYTES } from './rules.js'
import * as svc from './service.js'

/** NUL and the other control characters but tab and newlines. */
const isControl = (c: string) => {
  const n = c.charCodeAt(0)
  return (n < 0x20 && n !== 0x09 && n !== 0x0a && n !== 0x0d) || n === 0x7f
}

/** A line of text: trimmed, no NUL or other control characters but tab, within `max` characters. */
const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label}须为文本` })
    .trim()
    .min(min, min === 1 ? `请填写${label}` : `${label}至少${min}个字`)
    .max(max, `${label}不能超过${max}个字`)
    .refine((s) => ![...s].some(isControl), `${label}含有不允许的字符`)

const date = z.string({ error: '请选择日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, LeaveMsg.BAD_DATE)
const half = z.enum(['am', 'pm'], { error: '请选择上午或下午' })
const sub = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.:-]+$/, '人员标识有误')

const createBody = z.object({
  childSub: sub.optional(),
  startDate: date,
  startHalf: half,
  endDate: date,
  endHalf: half,
  type: z.enum(['sick', 'personal', 'other'], { error: '请选择请假类型' }),
  reason: text('请假事由', 1, 200),
  noteId: z.uuid('病假条标识有误').optional(),
})
const decideBody = z.object({
  approved: z.boolean({ error: '请选择批准或不批准' }),
  comment: text('审批意见', 0, 200).default(''),
})
const idParams = z.object({ id: z.coerce.number({ error: '申请编号有误' }).int().positive().max(2_147_483_647) })
const rangeQuery = z.object({ from: date.optional(), to: date.optional() })
const settingsBody = z.object({
  leaderSub: sub.nullable(),
  thresholdDays: z
    .number({ error: '请填写天数' })
    .min(0.5, '天数至少0.5天')
    .max(30, '天数不能超过30天')
    .refine((n) => Number.isInteger(n * 2), '天数须为0.5的整数倍'),
  heads: z.array(z.object({ departmentId: z.number().int().positive(), headSub: sub.nullable() })).max(500),
})

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {})
  if (!r.success) throw new AppError(400, r.error.issues[0]?.message ?? '请求参数有误')
  return r.data
}

type Handler = (viewer: Viewer, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>

export function leaveRoutes(api: FastifyInstance, ctx: AppContext): void {
  /** The signed-in viewer first (the kit answers 401 otherwise), then the handler. */
  const signedIn = (h: Handler) => async (req: FastifyRequest, reply: FastifyReply) => {
    const viewer = await ctx.viewer(req, reply)
    if (!viewer) return reply
    return h(viewer, req, reply)
  }

  api.get(
    '/home',
    signedIn(async (v) => ok(await svc.home(ctx, v))),
  )
  api.get(
    '/requests/mine',
    signedIn(async (v) => ok(await svc.listMine(ctx, v))),
  )
  api.get(
    '/requests/pending',
    signedIn(async (v) => ok(await svc.listPending(ctx, v))),
  )
  api.get(
    '/requests/:id',
    signedIn(async (v, req) => ok(await svc.getDetail(ctx, v, parse(idParams, req.params).id))),
  )
  api.get(
    '/requests/:id/note',
    signedIn(async (v, req, reply) => {
      const note = await svc.getNote(ctx, v, parse(idParams, req.params).id)
      // A child's medical note: never cached by shared caches, never sniffed into anything but the image it is.
      return reply
        .header('Content-Type', note.mime)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(note.data)
    }),
  )
  api.post(
    '/requests',
    signedIn(async (v, req) => ok(await svc.createRequest(ctx, v, parse(createBody, req.body)), '已提交')),
  )
  api.post(
    '/requests/:id/decide',
    signedIn(async (v, req) => {
      const { id } = parse(idParams, req.params)
      const r = await svc.decideRequest(ctx, v, id, parse(decideBody, req.body))
      return ok(r, r.status === 'rejected' ? '已不批准' : '已批准')
    }),
  )
  api.post(
    '/requests/:id/cancel',
    signedIn(async (v, req) => {
      await svc.cancelRequest(ctx, v, parse(idParams, req.params).id)
      return ok(null, '已撤销')
    }),
  )
  api.get(
    '/today',
    signedIn(async (v) => ok(await svc.today(ctx, v))),
  )
  api.get(
    '/stats',
    signedIn(async (v, req) => {
      const { from, to } = parse(rangeQuery, req.query)
      return ok(await svc.stats(ctx, v, from, to))
    }),
  )
  api.get(
    '/stats/export',
    signedIn(async (v, req, reply) => {
      const { from, to } = parse(rangeQuery, req.query)
      const file = await svc.exportXlsx(ctx, v, from, to)
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('Cache-Control', 'private, no-store')
        .send(file.data)
    }),
  )
  api.get(
    '/settings',
    signedIn(async (v) => ok(await svc.getSettings(ctx, v))),
  )
  api.post(
    '/settings',
    signedIn(async (v, req) => {
      await svc.saveSettings(ctx, v, parse(settingsBody, req.body))
      return ok(null, '已保存')
    }),
  )

  // The doctor's note, uploaded before the request is sent (multipart, one file); its type is read from its magic
  // bytes by the service, never from its name or declared type.
  api.post(
    '/uploads',
    signedIn(async (v, req) => {
      const file = await req.file({ limits: { fileSize: MAX_NOTE_BYTES + 1, files: 1 } })
      if (!file) throw new AppError(400, '请选择病假条图片')
      // More than 2 MB is refused with the note's own rule (not the kit's general 5 MB message), never kept in part.
      const bytes = await file.toBuffer().catch((e: { code?: string }) => {
        throw e.code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError(400, LeaveMsg.BAD_IMAGE) : e
      })
      if (file.file.truncated) throw new AppError(400, LeaveMsg.BAD_IMAGE)
      return ok(await svc.uploadNote(ctx, v, bytes), '已上传')
    }),
  )
}
