// The part of autocannon 9's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    method?: 'GET' | 'POST'
    headers?: Record<string, string>
    body?: string
    /** Per request: `setupRequest` may change the request (here: its body) before it is sent. */
    requests?: {
      setupRequest?: (req: { body?: string; [k: string]: unknown }) => { body?: string; [k: string]: unknown }
    }[]
    /** A response whose body fails this check counts in `mismatches`. */
    verifyBody?: (body: string) => boolean
  }
  export interface Stats {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    total: number
  }
  export interface Result {
    requests: Stats
    /** Milliseconds. */
    latency: Stats
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }
  /** Without a callback the returned instance is also a promise of the result. */
  export default function autocannon(opts: Options): Promise<Result>
}
