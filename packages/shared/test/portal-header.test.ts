import { describe, expect, it } from 'vitest'
import {
  adminIconMode,
  appCenterPath,
  bureauMenuVisible,
  bureauTabCount,
  ConfigName,
  cutGroupName,
  cutTabTitle,
  defaultSysConfig,
  feedbackVisible,
  groupMenuCount,
  isLongTitle,
  isPortalAdminPath,
  layoutWidth,
  mhSysConfig,
  mobileEntrySaveBody,
  splitVisible,
  style1TabCount,
  userMenuKeys,
  type UserMenuContext,
} from '../src/index.js'

describe('style 1 app tabs (001 §2.6, §9)', () => {
  it('1 below 1160, 2 at 1160–1299, 3 at 1300–1439, 4 from 1440', () => {
    expect([800, 1159, 1160, 1299, 1300, 1439, 1440, 2560].map(style1TabCount)).toEqual([1, 1, 2, 2, 3, 3, 4, 4])
  })
})

describe('style 2 group menus', () => {
  it('2 below 900, one more at each of 900 1010 1130 1240 1360 1480 1600 1700 1820, 11 from 1820', () => {
    expect(groupMenuCount(899)).toBe(2)
    const bps = [900, 1010, 1130, 1240, 1360, 1480, 1600, 1700, 1820]
    bps.forEach((b, i) => {
      expect(groupMenuCount(b)).toBe(3 + i)
      expect(groupMenuCount(b - 1)).toBe(2 + i)
    })
    expect(groupMenuCount(3000)).toBe(11)
  })
})

describe('bureau header', () => {
  it('tabs: 1 under 1080, 2 to 1279, 3 to 1485, 4 to 1699, 5 from 1700', () => {
    expect([1079, 1080, 1279, 1280, 1485, 1486, 1699, 1700, 1920].map(bureauTabCount)).toEqual([
      1, 2, 2, 3, 3, 4, 4, 5, 5,
    ])
  })
  it('menuShowNum 0 shows one, 2 shows all, 1 shows 2 to 5 by width', () => {
    expect(bureauMenuVisible(0, 1920, 8)).toBe(1)
    expect(bureauMenuVisible(2, 900, 8)).toBe(8)
    expect(bureauMenuVisible(1, 900, 8)).toBe(2)
    expect(bureauMenuVisible(1, 1300, 8)).toBe(3)
    expect(bureauMenuVisible(1, 1500, 8)).toBe(4)
    expect(bureauMenuVisible(1, 1920, 8)).toBe(5)
    expect(bureauMenuVisible(1, 1920, 3)).toBe(3)
    expect(bureauMenuVisible(0, 1920, 0)).toBe(0)
  })
})

describe('layout width and names', () => {
  it('1536 from a 1696 container, container − 160 from 1360, else 1200', () => {
    expect(layoutWidth(1920)).toBe(1536)
    expect(layoutWidth(1696)).toBe(1536)
    expect(layoutWidth(1500)).toBe(1340)
    expect(layoutWidth(1360)).toBe(1200)
    expect(layoutWidth(1000)).toBe(1200)
  })
  it('tab titles cut to 6, group names to 4 plus …, long title over 8', () => {
    expect(cutTabTitle('教师综合评价系统')).toBe('教师综合评价')
    expect(cutTabTitle('考勤')).toBe('考勤')
    expect(cutGroupName('教务教学管理')).toBe('教务教学…')
    expect(cutGroupName('教师服务')).toBe('教师服务')
    expect(isLongTitle('测试区智慧教育')).toBe(false)
    expect(isLongTitle('测试区智慧教育平台')).toBe(true)
  })
  it('splits into shown and 更多', () => {
    expect(splitVisible([1, 2, 3, 4], 3)).toEqual({ shown: [1, 2, 3], more: [4] })
    expect(splitVisible([1], 3)).toEqual({ shown: [1], more: [] })
  })
})

describe('user menu rules (001 §6)', () => {
  const base: UserMenuContext = {
    tenantModuleType: 1,
    isAdmin: false,
    allianceMember: false,
    school: true,
    publicPortalEnabled: false,
    feedbackEnabled: false,
  }
  it('bureau-school platform for non-admins of tenantModuleType 1', () => {
    expect(userMenuKeys(base)).toEqual(['jdPlatform', 'switchOrg', 'personal', 'password', 'help', 'logout'])
    expect(userMenuKeys({ ...base, isAdmin: true })).not.toContain('jdPlatform')
  })
  it('personal centre hidden for tenantModuleType 3; public portal for 0 when enabled', () => {
    expect(userMenuKeys({ ...base, tenantModuleType: 3 })).not.toContain('personal')
    expect(userMenuKeys({ ...base, tenantModuleType: 0 })).not.toContain('openPortal')
    expect(userMenuKeys({ ...base, tenantModuleType: 0, publicPortalEnabled: true })[0]).toBe('openPortal')
  })
  it('service entry for tenantModuleType 4: bureau staff always, schools only admins', () => {
    expect(userMenuKeys({ ...base, tenantModuleType: 4, school: false })).toContain('serviceEntry')
    expect(userMenuKeys({ ...base, tenantModuleType: 4, school: true })).not.toContain('serviceEntry')
    expect(userMenuKeys({ ...base, tenantModuleType: 4, school: true, isAdmin: true })).toContain('serviceEntry')
  })
  it('a temporary tenant adds 退出租户 before 退出, for alliance members too', () => {
    expect(userMenuKeys({ ...base, tempTenant: true }).slice(-2)).toEqual(['quitTenant', 'logout'])
    expect(userMenuKeys(base)).not.toContain('quitTenant')
    expect(userMenuKeys({ ...base, allianceMember: true, tempTenant: true })).toEqual([
      'leaveAlliance',
      'quitTenant',
      'logout',
    ])
  })
  it('alliance members see only 离开联盟 and 退出; complaint when enabled', () => {
    expect(userMenuKeys({ ...base, allianceMember: true })).toEqual(['leaveAlliance', 'logout'])
    expect(userMenuKeys({ ...base, feedbackEnabled: true })).toContain('complaint')
  })
  it('feedback entry needs the user type (or -1 signed out) in the allowed roles', () => {
    expect(feedbackVisible({ enable: true, userRole: [1002] }, 1002)).toBe(true)
    expect(feedbackVisible({ enable: true, userRole: [1002] }, null)).toBe(false)
    expect(feedbackVisible({ enable: true, userRole: [-1] }, null)).toBe(true)
    expect(feedbackVisible({ enable: false, userRole: [1002] }, 1002)).toBe(false)
  })
  it('admin icon: settings on portal home and app centre, home elsewhere; portal-admin paths', () => {
    expect(adminIconMode('/portal/home')).toBe('settings')
    expect(adminIconMode('/localSide/appCenter/index')).toBe('settings')
    expect(adminIconMode('/menhu-port/maintain/mainPage')).toBe('home')
    expect(isPortalAdminPath('/menhu-port/maintain/mainPage')).toBe(true)
    expect(isPortalAdminPath('/generalPortal/setup')).toBe(true)
    expect(isPortalAdminPath('/portal/home')).toBe(false)
    expect(appCenterPath(1)).toBe('/localSide/appCenter/index?type=mode1')
    expect(appCenterPath(2)).toBe('/localSide/appCenter/index?type=mode2')
  })
})

describe('config schemas', () => {
  it('defaults carry the default titles', () => {
    expect(defaultSysConfig(ConfigName.MH_SYS)).toMatchObject({
      sysName: '智慧平台',
      navigationStyle: 1,
      portalGray: false,
    })
    expect(defaultSysConfig(ConfigName.JD_MH_SYS)).toMatchObject({ sysName: '局校一体平台', menuShowNum: 1 })
  })
  it('rejects a bad navigation style and a non-http image', () => {
    expect(mhSysConfig.safeParse({ navigationStyle: 3 }).success).toBe(false)
    expect(mhSysConfig.safeParse({ logoUrl: 'ftp://x' }).error?.issues[0]?.message).toBe('图片地址必须以http或/开头')
    expect(mobileEntrySaveBody.safeParse({ mobileName: 'a', type: 0, decodePath: 'abc' }).success).toBe(false)
    expect(mobileEntrySaveBody.safeParse({ mobileName: 'a', type: 1, decodePath: 'abc' }).success).toBe(true)
  })
})

describe('image address rewrite', () => {
  it('moves /minires addresses to the image host, keeps others', async () => {
    const { rewriteImageUrl } = await import('../src/index.js')
    expect(rewriteImageUrl('http://10.0.0.5:8080/minires/logo.png', 'https://img.example.cn/')).toBe(
      'https://img.example.cn/minires/logo.png',
    )
    expect(rewriteImageUrl('/minires/a.png', 'https://img.example.cn')).toBe('https://img.example.cn/minires/a.png')
    expect(rewriteImageUrl('https://cdn.example.cn/logo.png', 'https://img.example.cn')).toBe(
      'https://cdn.example.cn/logo.png',
    )
    expect(rewriteImageUrl('/minires/a.png', null)).toBe('/minires/a.png')
  })
})
