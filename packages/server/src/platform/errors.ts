import { ErrorCode, Msg } from '@zhixiao/shared'

/** A refusal with an envelope code, a Chinese message and the HTTP status it travels with. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

export const unauthorized = () => new AppError(ErrorCode.UNAUTHORIZED, Msg.NOT_LOGGED_IN, 401)
export const forbidden = () => new AppError(ErrorCode.FORBIDDEN, Msg.NO_PERMISSION, 403)
/** Another tenant's id answers exactly like a missing row. */
export const notFound = (msg: string = Msg.NOT_FOUND) => new AppError(ErrorCode.NOT_FOUND, msg, 404)
export const badRequest = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg, 400)
export const refused = (code: number, msg: string, data: unknown = null) => new AppError(code, msg, 200, data)
