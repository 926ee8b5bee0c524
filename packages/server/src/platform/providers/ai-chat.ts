/**
 * An OpenAI-compatible chat-completions endpoint (POST {baseUrl}/chat/completions, "stream": true), the protocol
 * OpenAI documents and most hosted and self-hosted models (DeepSeek, Qwen/DashScope compatible mode, vLLM, Ollama)
 * speak: the answer arrives as server-sent events `data: {"choices":[{"delta":{"content":"…"}}]}` and ends with
 * `data: [DONE]`. The key travels as a bearer header.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ChatProvider {
  /** The answer's pieces as they arrive; throws on a refused call or a broken stream. */
  stream(messages: ChatMessage[], signal?: AbortSignal): AsyncIterable<string>
}

export interface OpenAiChatConfig {
  baseUrl: string
  model: string
  apiKey: string
}

/** How long to wait for the first byte; a stream may then take as long as the model needs. */
const CONNECT_TIMEOUT_MS = 30_000

class ChatProviderError extends Error {}

/** Splits a byte stream into SSE events' data fields (the lines `data: …`; a blank line ends an event). */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder()
  let buf = ''
  let data: string[] = []
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buf += decoder.decode(chunk, { stream: true })
    let nl: number
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl).replace(/\r$/, '')
      buf = buf.slice(nl + 1)
      if (line === '') {
        if (data.length) yield data.join('\n')
        data = []
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).replace(/^ /, ''))
      }
    }
  }
  if (data.length) yield data.join('\n')
}

export function openAiChatProvider(cfg: OpenAiChatConfig): ChatProvider {
  const url = cfg.baseUrl.replace(/\/+$/, '') + '/chat/completions'
  return {
    async *stream(messages, signal) {
      // The timeout covers the wait for the answer's headers only (a fetch signal would also cut the body).
      const ctl = new AbortController()
      const timer = setTimeout(() => ctl.abort(), CONNECT_TIMEOUT_MS)
      const onAbort = () => ctl.abort()
      signal?.addEventListener('abort', onAbort, { once: true })
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
            Authorization: `Bearer ${cfg.apiKey}`,
          },
          body: JSON.stringify({ model: cfg.model, stream: true, messages }),
          signal: ctl.signal,
        })
      } catch (e) {
        signal?.removeEventListener('abort', onAbort)
        throw new ChatProviderError((e as Error).message)
      } finally {
        clearTimeout(timer)
      }
      try {
        if (!res.ok || !res.body) throw new ChatProviderError(`HTTP ${res.status}`)
        yield* pieces(res.body)
      } finally {
        signal?.removeEventListener('abort', onAbort)
      }
    },
  }
}

async function* pieces(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  for await (const data of sseData(body)) {
    if (data === '[DONE]') return
    let parsed: { choices?: { delta?: { content?: unknown } }[]; error?: { message?: string } }
    try {
      parsed = JSON.parse(data)
    } catch {
      throw new ChatProviderError('not JSON')
    }
    if (parsed.error) throw new ChatProviderError(parsed.error.message ?? 'error')
    const piece = parsed.choices?.[0]?.delta?.content
    if (typeof piece === 'string' && piece) yield piece
  }
}
