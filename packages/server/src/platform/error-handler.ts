import { ErrorCode, Msg } from '@zhixiao/shared'
import type { FastifyError, FastifyInstance } from 'fastify'
import { AppError } from './errors.js'

const hasChinese = (s: string) => /[\u4e00-\u9fa5]/.test(s)

interface ValidationIssue { message?: string; instancePath?: string; params?: { issue?: { path?: PropertyKey[] } } }

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
      const msg = first.message && hasChinese(first.message) ? first.message : `${Msg.BAD_REQUEST}${field ? `：${field}` : ''}`
      return reply.status(400).send({ code: ErrorCode.BAD_REQUEST, msg, data: null })
    }
    const status = (error as FastifyError).statusCode
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: status, msg: status === 413 ? '请求内容过大' : Msg.BAD_REQUEST, data: null })
    }
    req.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ code: ErrorCode.SERVER_ERROR, msg: Msg.SERVER_ERROR, data: null })
  })
}
