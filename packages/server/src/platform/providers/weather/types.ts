import type { WeatherNow, WeatherProviderType } from '@zhixiao/shared'

export type WeatherResult = { ok: true; now: WeatherNow } | { ok: false; error: string }

/**
 * A weather provider: the current weather at a location. Implementations never throw for the provider's refusal or
 * an unreachable host; they answer { ok: false } with a short reason for the log (never shown with the key).
 */
export interface WeatherProvider {
  readonly type: WeatherProviderType
  now(location: string): Promise<WeatherResult>
}

/** The default: no provider. Nothing is fetched and no figure is ever made up. */
export const weatherOff: WeatherProvider = {
  type: 'off',
  now: async () => ({ ok: false, error: 'weather is off' }),
}
