import { describe, expect, it } from 'vitest'
import { ConfigName, SYS_CONFIG_SCHEMAS, defaultSysConfig } from '../src/portal-config.js'

describe('defaultSysConfig', () => {
  it('is what the schemas give for an empty value (written out so the first screen needs no schema)', () => {
    expect(defaultSysConfig(ConfigName.MH_SYS)).toEqual(SYS_CONFIG_SCHEMAS[ConfigName.MH_SYS].parse({}))
    expect(defaultSysConfig(ConfigName.JD_MH_SYS)).toEqual(SYS_CONFIG_SCHEMAS[ConfigName.JD_MH_SYS].parse({}))
    expect(defaultSysConfig(ConfigName.ALLIANCE_MH_SYS)).toEqual({
      ...SYS_CONFIG_SCHEMAS[ConfigName.ALLIANCE_MH_SYS].parse({}),
      sysName: '联盟门户',
    })
  })

  it('gives a fresh copy each time', () => {
    const a = defaultSysConfig(ConfigName.MH_SYS)
    a.footer.bottomGroup.push({ bottomInfo: [] })
    expect(defaultSysConfig(ConfigName.MH_SYS).footer.bottomGroup).toEqual([])
  })
})
