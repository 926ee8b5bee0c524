/** Temporary JSON client until the kit's web/kit/api lands (same shape: answers `data`, throws with the message). */
interface Envelope<T> {
  code: number
  msg: string
  data: T
}
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`./api${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const env = (await res.json()) as Envelope<T>
  if (env.code !== 0) throw new Error(env.msg)
  return env.data
}
export const api = {
  get: <T>(path: string) => call<T>('GET', path),
  post: <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
}
