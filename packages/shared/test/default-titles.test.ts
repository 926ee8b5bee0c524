import { describe, expect, it } from 'vitest'
import { DefaultTitle, defaultPortalTitle, logoIconName, mhSysConfig, Trade } from '../src/index.js'

describe('default titles and icon logos (001 §3, §9)', () => {
  it('names a portal with no saved title by its org’s trade', () => {
    expect(defaultPortalTitle(Trade.UNIVERSAL)).toBe(DefaultTitle.PORTAL)
    expect(defaultPortalTitle(Trade.MEDICAL)).toBe(DefaultTitle.CLOUD)
    expect(defaultPortalTitle(Trade.SCHOOL)).toBe(DefaultTitle.PLATFORM)
    expect(defaultPortalTitle(undefined)).toBe(DefaultTitle.PLATFORM)
  })
  it('reads an icon- logo as an icon name and accepts it in the portal config', () => {
    expect(logoIconName('icon-school')).toBe('school')
    expect(logoIconName('/img/logo.png')).toBeNull()
    expect(mhSysConfig.safeParse({ logoUrl: 'icon-school' }).success).toBe(true)
    expect(mhSysConfig.safeParse({ logoUrl: 'icon-<b>' }).success).toBe(false)
  })
})
