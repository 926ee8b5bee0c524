import { ErrorCode, InputMsg, Msg } from '@zhixiao/shared'
import type { FastifyError, FastifyInstance } from 'fastify'
import { isConnectionLoss } from '../db/database.js'
import { AppError } from './errors.js'

const hasChinese = (s: string) => /[\u4e00-\u9fa5]/.test(s)

/**
 * PostgreSQL refusals caused by the values sent rather than by the server (SQLSTATE class 22 "data exception", and
 * 54000 for an index entry too large): a 400 with a Chinese message, not a 500. The schemas should refuse such input
 * first; this is the net for whatever they let through (a number beyond a column's range, say).
 */
function dataRefusal(error: unknown): string | null {
  const code = (error as { code?: unknown }).code
  if (typeof code !== 'string' || !/^(22[0-9A-Z]{3}|54000)$/.test(code)) return null
  if (code === '22003') return InputMsg.NUMBER_RANGE
  if (code === '22021' || code === '22P05') return InputMsg.ILLEGAL_CHARS
  if (code === '22001' || code === '54000') return InputMsg.TOO_LONG
  return Msg.BAD_REQUEST
}

/**
 * The multipart parser's own failures (busboy throws plain errors, so they would be 500s): a body cut off before
 * its closing boundary, or a multipart content type without a boundary. The client's fault: a 400.
 */
function uploadRefusal(error: unknown): string | null {
  const message = error instanceof Error && !(error as FastifyError).statusCode ? error.message : ''
  if (/unexpected end of multipart data/i.test(message)) return Msg.UPLOAD_INCOMPLETE
  if (/^(Multipart: Boundary not found|Boundary required)$/.test(message)) return Msg.BAD_REQUEST
  return null
}

interface ValidationIssue {
  message?: string
  instancePath?: string
  params?: { issue?: { path?: PropertyKey[] } }
}

/** Turns every failure into the spec's envelope (000 §8) with a Chinese message. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    // A refusal's envelope does not match the route's success schema, so it is serialised as plain JSON.
    reply.serializer(JSON.stringify)
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send({ code: error.code, msg: error.message, data: error.data })
    }
    const validation = (error as FastifyError).validation as ValidationIssue[] | undefined
    if (validation?.length) {
      const first = validation[0]!
      const field = first.instancePath?.replace(/^\//, '') || first.params?.issue?.path?.join('.') || ''
      const msg =
        first.message && hasChinese(first.message) ? first.message : `${Msg.BAD_REQUEST}${field ? `：${field}` : ''}`
      return reply.status(400).send({ code: ErrorCode.BAD_REQUEST, msg, data: null })
    }
    const status = (error as FastifyError).statusCode
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: status, msg: status === 413 ? '请求内容过大' : Msg.BAD_REQUEST, data: null })
    }
    if (isConnectionLoss(error)) {
      // Its transaction rolled back, or its COMMIT's answer was lost: either way not acknowledged. The pool reconnects.
      req.log.warn({ err: error }, 'database unavailable')
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: ErrorCode.SERVICE_UNAVAILABLE, msg: Msg.SERVER_ERROR, data: null })
    }
    // The header, not req.isMultipart(): the handler also serves apps without the multipart plugin (its own tests).
    const upload = /^multipart\//i.test(String(req.headers['content-type'] ?? '')) ? uploadRefusal(error) : null
    if (upload) return reply.status(400).send({ code: ErrorCode.BAD_REQUEST, msg: upload, data: null })
    const refusal = dataRefusal(error)
    if (refusal) {
      req.log.warn({ err: error }, 'database refused a value')
      return reply.status(400).send({ code: ErrorCode.BAD_REQUEST, msg: refusal, data: null })
    }
    req.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ code: ErrorCode.SERVER_ERROR, msg: Msg.SERVER_ERROR, data: null })
  })
}
