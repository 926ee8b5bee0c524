import { campusWeatherConfig } from '@zhixiao/shared'
import type { NamedConfig } from './named-config.js'

/**
 * The weather location of an org (GET/POST /base/configMgr/{get,set}CampusWeatherConfig), inherited downwards:
 * campus reads it for the weather (campus/weather-service.ts); it is kept here with the named configs' calls.
 */
export const campusWeatherCfg: NamedConfig<typeof campusWeatherConfig> = {
  name: 'campus_weather_config',
  label: '天气城市',
  schema: campusWeatherConfig,
  permission: 'sc_menhu_pc_weather',
}
