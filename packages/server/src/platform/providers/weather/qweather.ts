import { QWEATHER_DEFAULT_HOST, type WeatherNow } from '@zhixiao/shared'
import type { WeatherProvider, WeatherResult } from './types.js'

const TIMEOUT_MS = 8000

export interface QWeatherOptions {
  apiKey: string
  /** The account's API host (https://xxx.qweatherapi.com) or the shared devapi host; tests point it at a stand-in. */
  apiHost?: string | null
}

/** The fields of QWeather's `now` object we read (all strings in their JSON). */
interface QWeatherNowBody {
  code?: string
  updateTime?: string
  now?: {
    obsTime?: string
    temp?: string
    feelsLike?: string
    icon?: string
    text?: string
    windDir?: string
    windScale?: string
    humidity?: string
  }
}

const num = (v: string | undefined): number | null => {
  if (v === undefined || v === '') return null
  const n = Number(v)
  return Number.isFinite(n) ? n : null
}

/**
 * QWeather (和风天气) real-time weather, GET {host}/v7/weather/now?location=<LocationID or lon,lat>&key=<key>
 * (dev.qweather.com/docs/api/weather/weather-now). Success is the body's code "200" (the HTTP status alone is not
 * enough); any other code (401 bad key, 402 over quota, 403 no access, 404 unknown location, 429 too many) is a
 * refusal. The answer's figures are strings; a body without a numeric temperature is treated as a failure rather
 * than shown.
 */
export function qweatherProvider(o: QWeatherOptions): WeatherProvider {
  const host = (o.apiHost || QWEATHER_DEFAULT_HOST).replace(/\/+$/, '')
  return {
    type: 'qweather',
    async now(location: string): Promise<WeatherResult> {
      const url = new URL(`${host}/v7/weather/now`)
      url.searchParams.set('location', location)
      url.searchParams.set('key', o.apiKey)
      url.searchParams.set('lang', 'zh')
      url.searchParams.set('unit', 'm')
      let body: QWeatherNowBody
      try {
        const res = await fetch(url, {
          signal: AbortSignal.timeout(TIMEOUT_MS),
          headers: { accept: 'application/json' },
        })
        body = (await res.json()) as QWeatherNowBody
      } catch (e) {
        return { ok: false, error: `network: ${(e as Error).message}`.slice(0, 200) }
      }
      if (body.code !== '200')
        return { ok: false, error: `qweather code ${String(body.code ?? 'missing')}`.slice(0, 200) }
      const n = body.now
      const temp = num(n?.temp)
      if (!n || temp === null) return { ok: false, error: 'qweather answer without a temperature' }
      const now: WeatherNow = {
        temp,
        feelsLike: num(n.feelsLike),
        text: n.text ?? '',
        icon: n.icon ?? '',
        windDir: n.windDir ?? '',
        windScale: n.windScale ?? '',
        humidity: num(n.humidity),
        obsTime: toIso(n.obsTime ?? body.updateTime),
      }
      return { ok: true, now }
    },
  }
}

/** QWeather's times look like 2020-06-30T21:40+08:00 (no seconds); keep them as ISO instants. */
function toIso(t: string | undefined): string {
  const d = t ? new Date(t) : null
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : ''
}
