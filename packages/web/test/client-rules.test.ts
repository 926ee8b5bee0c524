import { ERROR_MESSAGE_DELAY_MS, Msg } from '@zhixiao/shared'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The shared client's error rules of 000 §8 and §9 that the browser journeys cannot time exactly: an error envelope's
 * message waits 600 ms, another HTTP status shows the server's own message, and a download answered with JSON is an
 * error, never a file. The client runs as it is; only the message display and the network are stand-ins.
 */
const shown = vi.hoisted(() => [] as { kind: string; text: string }[])
vi.mock('../src/api/feedback', () => ({
  notify: {
    error: (text: string) => shown.push({ kind: 'error', text }),
    success: (text: string) => shown.push({ kind: 'success', text }),
    warning: (text: string) => shown.push({ kind: 'warning', text }),
  },
}))
vi.mock('../src/stores/token', () => ({ getToken: () => 't1.test', setToken: () => {}, clearToken: () => {} }))

// The client reads the page's host name once, at load: a browser-less stand-in for window.
vi.stubGlobal('window', { location: { hostname: 'localhost', hash: '' } })
let client: typeof import('../src/api/client')
beforeAll(async () => {
  client = await import('../src/api/client')
})

function answer(status: number, body: unknown, type = 'application/json'): void {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': type },
      }),
  )
}
const errors = () => shown.filter((s) => s.kind === 'error').map((s) => s.text)

beforeEach(() => {
  shown.length = 0
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('error message delay (000 §9: 600 ms)', () => {
  it("shows a refused envelope's msg only once 600 ms have passed", async () => {
    expect(ERROR_MESSAGE_DELAY_MS).toBe(600)
    answer(200, { code: 1001, msg: '名称已存在', data: null })
    await expect(client.request('/base/api/x')).rejects.toMatchObject({ code: 1001, message: '名称已存在' })
    await vi.advanceTimersByTimeAsync(ERROR_MESSAGE_DELAY_MS - 1)
    expect(errors()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(errors()).toEqual(['名称已存在'])
  })
  it('shows nothing when the caller shows the message itself', async () => {
    answer(200, { code: 1001, msg: '名称已存在', data: null })
    await expect(client.request('/base/api/x', { showError: false })).rejects.toMatchObject({ code: 1001 })
    await vi.advanceTimersByTimeAsync(ERROR_MESSAGE_DELAY_MS * 2)
    expect(errors()).toEqual([])
  })
})

describe("other HTTP statuses show the server's message (000 §8)", () => {
  it('an envelope under 400, 409 or 502 shows its msg', async () => {
    for (const status of [400, 409, 502]) {
      shown.length = 0
      answer(status, { code: status, msg: `服务端说明${status}`, data: null })
      await expect(client.request('/base/api/x')).rejects.toMatchObject({
        code: status,
        message: `服务端说明${status}`,
      })
      await vi.advanceTimersByTimeAsync(ERROR_MESSAGE_DELAY_MS)
      expect(errors()).toEqual([`服务端说明${status}`])
    }
  })
  it('a framework error body shows its message; a body without one names the status', async () => {
    answer(413, { statusCode: 413, error: 'Payload Too Large', message: '请求内容过大' })
    await expect(client.request('/base/api/x')).rejects.toMatchObject({ code: 413, message: '请求内容过大' })
    expect(errors()).toEqual(['请求内容过大'])
    shown.length = 0
    answer(502, '<html>Bad Gateway</html>', 'text/html')
    await expect(client.request('/base/api/x')).rejects.toMatchObject({ code: 502 })
    expect(errors()).toEqual([`${Msg.SERVER_ERROR}（502）`])
  })
})

describe('a download answered with JSON is an error (000 §8)', () => {
  it('a refusal envelope shows its msg and gives no file', async () => {
    answer(200, { code: 1002, msg: '没有可导出的数据', data: null })
    await expect(client.requestBlob('/base/api/export')).rejects.toMatchObject({
      code: 1002,
      message: '没有可导出的数据',
    })
    await vi.advanceTimersByTimeAsync(ERROR_MESSAGE_DELAY_MS)
    expect(errors()).toEqual(['没有可导出的数据'])
  })
  it('even a success envelope is not saved as a file', async () => {
    answer(200, { code: 0, msg: '导出成功', data: null })
    await expect(client.requestBlob('/base/api/export')).rejects.toMatchObject({ code: 0, message: '导出成功' })
  })
  it("a file answer is the file, under the server's name", async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('xlsx-bytes', {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('学生.xlsx')}`,
          },
        }),
    )
    const file = await client.requestBlob('/base/api/export')
    expect(file.fileName).toBe('学生.xlsx')
    expect(await file.blob.text()).toBe('xlsx-bytes')
    expect(errors()).toEqual([])
  })
})
