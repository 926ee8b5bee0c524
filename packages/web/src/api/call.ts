/**
 * Calls by contract (docs/architecture.md "Contracts"): the web names a call by the shared contract object, never by
 * a path string, so a changed path, field or answer type fails `npm run typecheck`. GET input goes as the query;
 * a call with a body sends its input as JSON (a query beside it goes in `opts.query`).
 */
import { pathOf, type AnyContract, type DataOf, type Envelope, type InputOf, type QueryIn } from '@zhixiao/shared'
import { request, requestBlob, requestEnvelope, type FileAnswer, type RequestOptions } from './client'
import { downloadBlob, formOf } from './download'

export type CallOptions<C> = Omit<RequestOptions, 'method' | 'params' | 'body'> & {
  /** The query of a call that also has a body. */
  query?: QueryIn<C>
  /** Values of the path's `:name` segments. */
  pathParams?: Record<string, string | number>
}
/** The input may be left out when the contract needs none (or all of its fields are optional). */
export type CallArgs<C> =
  undefined extends InputOf<C>
    ? [input?: InputOf<C>, opts?: CallOptions<C>]
    : [input: InputOf<C>, opts?: CallOptions<C>]

type Params = RequestOptions['params']

function toRequest(c: AnyContract, input: unknown, opts: CallOptions<AnyContract> = {}): [string, RequestOptions] {
  const { query, pathParams, ...rest } = opts
  const url = pathOf(c, pathParams)
  if (c.method === 'GET' || !c.body) return [url, { ...rest, method: c.method, params: (input ?? query) as Params }]
  return [url, { ...rest, method: 'POST', body: input, params: query as Params }]
}

/** The answer's data of a successful call (the client's envelope and status rules apply). */
export function call<C extends AnyContract>(c: C, ...[input, opts]: CallArgs<C>): Promise<DataOf<C>> {
  return request<DataOf<C>>(...toRequest(c, input, opts as CallOptions<AnyContract>))
}

/** The whole envelope (a caller that shows the server's msg). */
export function callEnvelope<C extends AnyContract>(c: C, ...[input, opts]: CallArgs<C>): Promise<Envelope<DataOf<C>>> {
  return requestEnvelope<DataOf<C>>(...toRequest(c, input, opts as CallOptions<AnyContract>))
}

/** A file contract's bytes and the server's file name. */
function callFile<C extends AnyContract & { file: true }>(c: C, ...[input, opts]: CallArgs<C>): Promise<FileAnswer> {
  return requestBlob(...toRequest(c, input, opts as CallOptions<AnyContract>))
}

/** Saves a file contract's answer under the server's name (or `fallbackName`); false when it was refused. */
export async function download<C extends AnyContract & { file: true }>(
  c: C,
  fallbackName: string,
  ...args: CallArgs<C>
): Promise<boolean> {
  try {
    const { blob, fileName } = await callFile(c, ...args)
    downloadBlob(blob, fileName ?? fallbackName)
    return true
  } catch {
    return false
  }
}

/** Uploads one file as the multipart field `file` of an upload contract, `fields` before it (see formOf). */
export function upload<C extends AnyContract & { upload: true }>(
  c: C,
  file: File,
  fields: Record<string, string | number | null | undefined> = {},
  opts: CallOptions<C> = {},
): Promise<Envelope<DataOf<C>>> {
  const { query, pathParams, ...rest } = opts
  return requestEnvelope<DataOf<C>>(pathOf(c, pathParams), {
    ...rest,
    method: 'POST',
    body: formOf(file, fields),
    params: query as Params,
  })
}
