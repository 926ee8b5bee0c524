/**
 * The grades app's API under /grades/api: thin handlers that validate the input (zod, Chinese messages), ask the
 * kit who is signed in and call the service. Answers are the {code, msg, data} envelope; AppError thrown by the
 * service becomes the envelope with its code (the kit's error handler).
 */
// The multipart plugin (registered by the kit) adds req.file() to Fastify's request type.
import type {} from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AppContext, Viewer } from '../kit/types.js'
import { AppError } from '../kit/types.js'
import { IMPORT_MAX_BYTES, ImportMsg } from './excel.js'
import { EXAM_NAME_MAX, FULL_MARKS_MAX, SUBJECT_NAME_MAX, SUBJECTS_MAX } from './rules.js'
import * as service from './service.js'

const ok = <T>(data: T, msg = '操作成功') => ({ code: 0, msg, data })

/** No NUL or other control character (they have no place in a name or a mark). */
const noControl = (s: string) => ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

/** Trimmed text of 1..max characters, no NUL or other control characters. */
const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最多 ${max} 个字`)
    .refine(noControl, `${label}含有不允许的字符`)

const id = z.coerce.number({ error: '编号有误' }).int('编号有误').positive('编号有误').max(2_147_483_647, '编号有误')
const sub = z
  .string()
  .min(1, '学生编号有误')
  .max(128, '学生编号有误')
  .regex(/^[\w.:@-]+$/, '学生编号有误')
/** A mark with at most one decimal. */
const mark = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .min(0, `${label}不能小于 0`)
    .max(FULL_MARKS_MAX, `${label}不能超过 ${FULL_MARKS_MAX}`)
    .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6, `${label}最多保留一位小数`)

const subjectBody = z.object({
  id: id.optional(),
  name: text('科目名称', SUBJECT_NAME_MAX),
  fullMarks: z
    .number({ error: '满分应为数字' })
    .int('满分应为整数')
    .min(1, '满分应在 1–1000 之间')
    .max(FULL_MARKS_MAX, '满分应在 1–1000 之间'),
  passLine: mark('及格线').optional(),
  excellentLine: mark('优秀线').optional(),
})

const examBody = z.object({
  name: text('考试名称', EXAM_NAME_MAX),
  date: z
    .string({ error: '请选择考试日期' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, '考试日期格式应为 YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`)
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '2000-01-01' && s <= '2100-12-31'
    }, '考试日期无效'),
  classIds: z.array(id, { error: '请选择班级' }).min(1, '请至少选择一个班级').max(30, '一次考试最多 30 个班级'),
  subjects: z
    .array(subjectBody, { error: '请添加科目' })
    .min(1, '请至少添加一个科目')
    .max(SUBJECTS_MAX, `最多 ${SUBJECTS_MAX} 个科目`),
})

const scoresBody = z.object({
  entries: z
    .array(
      z.object({
        studentSub: sub,
        subjectId: id,
        value: z.string({ error: '成绩应为文本' }).max(10, '成绩格式有误').refine(noControl, '成绩格式有误'),
      }),
    )
    .min(1, '没有要保存的成绩')
    .max(20_000, '一次最多保存 20000 个成绩'),
})

const examParams = z.object({ id })
const classQuery = z.object({
  classId: z.coerce
    .number({ error: '请选择班级' })
    .int('请选择班级')
    .positive('请选择班级')
    .max(2_147_483_647, '请选择班级'),
})
const statsQuery = z.object({ classId: id.optional() })
const childQuery = z.object({ child: sub.optional() })

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input ?? {})
  if (!r.success) throw new AppError(400, r.error.issues[0]?.message ?? '请求参数有误')
  return r.data
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The uploaded sheet (multipart field `file`), refused past 5 MB with this app's message. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError(400, '请上传 Excel（.xlsx）文件')
  const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })
  if (!part) throw new AppError(400, '请上传 Excel（.xlsx）文件')
  try {
    const body = await part.toBuffer()
    // toBuffer() checks the limit per chunk read: a file whose size reaches it exactly at a chunk boundary comes back
    // cut short with no error, and only the truncated flag tells.
    if (part.file.truncated) throw new AppError(400, ImportMsg.TOO_BIG)
    if (!body.length) throw new AppError(400, '上传的文件是空的')
    return body
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(400, ImportMsg.TOO_BIG)
    throw e
  }
}

export function gradesRoutes(api: FastifyInstance, ctx: AppContext): void {
  /** The handler runs with the signed-in viewer; without one the kit has answered 401. */
  const as =
    <T>(fn: (v: Viewer, req: FastifyRequest, reply: FastifyReply) => Promise<T>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const v = await ctx.viewer(req, reply)
      if (!v) return reply
      return fn(v, req, reply)
    }

  // The kit answers /me with the Viewer; this app's own view of the person (classes taught, children) is /profile.
  api.get(
    '/profile',
    as(async (v) => ok(await service.me(ctx, v))),
  )
  api.get(
    '/exams',
    as(async (v) => ok(await service.listExams(ctx, v))),
  )
  api.post(
    '/exams',
    as(async (v, req) => ok(await service.createExam(ctx, v, parse(examBody, req.body)), '考试已创建')),
  )
  api.get(
    '/exams/:id',
    as(async (v, req) => ok(await service.examDetail(ctx, v, parse(examParams, req.params).id))),
  )
  api.post(
    '/exams/:id',
    as(async (v, req) => {
      await service.updateExam(ctx, v, parse(examParams, req.params).id, parse(examBody, req.body))
      return ok(null, '已保存')
    }),
  )
  api.post(
    '/exams/:id/delete',
    as(async (v, req) => {
      await service.deleteExam(ctx, v, parse(examParams, req.params).id)
      return ok(null, '已删除')
    }),
  )
  api.get(
    '/exams/:id/grid',
    as(async (v, req) =>
      ok(await service.grid(ctx, v, parse(examParams, req.params).id, parse(classQuery, req.query).classId)),
    ),
  )
  api.post(
    '/exams/:id/scores',
    as(async (v, req) =>
      ok(
        await service.saveScores(ctx, v, parse(examParams, req.params).id, parse(scoresBody, req.body).entries),
        '成绩已保存',
      ),
    ),
  )
  api.get(
    '/exams/:id/template',
    as(async (v, req, reply) => {
      const t = await service.template(ctx, v, parse(examParams, req.params).id)
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(t.name)}`)
        .send(t.body)
    }),
  )
  api.post(
    '/exams/:id/import',
    as(async (v, req, reply) => {
      const examId = parse(examParams, req.params).id
      const file = await readUpload(req)
      try {
        const r = await service.importScores(ctx, v, examId, file)
        return ok(r, `已导入 ${r.students} 名学生的成绩`)
      } catch (e) {
        // Bad rows: the list goes with the message so the page can show every one of them.
        if (e instanceof service.ImportRefused)
          return reply.status(400).send({ code: 400, msg: e.message, data: { problems: e.problems } })
        throw e
      }
    }),
  )
  api.post(
    '/exams/:id/publish',
    as(async (v, req) => {
      const r = await service.publish(ctx, v, parse(examParams, req.params).id)
      return ok(r, `已发布，已通知 ${r.notified} 位学生和家长`)
    }),
  )
  api.get(
    '/exams/:id/stats',
    as(async (v, req) =>
      ok(await service.stats(ctx, v, parse(examParams, req.params).id, parse(statsQuery, req.query).classId)),
    ),
  )
  api.get(
    '/results',
    as(async (v, req) => ok(await service.results(ctx, v, parse(childQuery, req.query).child))),
  )
  api.get(
    '/results/:id',
    as(async (v, req) =>
      ok(await service.result(ctx, v, parse(examParams, req.params).id, parse(childQuery, req.query).child)),
    ),
  )
}
