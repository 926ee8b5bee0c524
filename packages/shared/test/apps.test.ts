import { describe, expect, it } from 'vitest'
import {
  AppMsg,
  appTargetMissing,
  BASE_SET_ENTRY,
  BUILTIN_APPS,
  isPageRoute,
  subAppHostOf,
  UserType,
} from '../src/index.js'

describe('what an app needs to open (docs/apps.md "Offered to users")', () => {
  it('portal pages, redirects and /base-set are pages; sub-app routes are not', () => {
    expect(isPageRoute('/base-organization/orgSet')).toBe(true)
    expect(isPageRoute('/cms2-newslist?type=1')).toBe(true)
    expect(isPageRoute('/old/home/12')).toBe(true)
    expect(isPageRoute('/home')).toBe(true)
    expect(isPageRoute(BASE_SET_ENTRY)).toBe(true)
    expect(isPageRoute('/salary')).toBe(false)
    expect(isPageRoute('/base-organization/orgSet/extra')).toBe(false)
  })

  it('finds the sub-app host of a path like the router (the longest host wins)', () => {
    expect(subAppHostOf('/oafn/leave/list')).toBe('/oafn/leave')
    expect(subAppHostOf('/oafn/other')).toBe('/oafn')
    expect(subAppHostOf('/salary?x=1')).toBe('/salary')
    expect(subAppHostOf('/no-such-app')).toBeNull()
  })

  it('says what is missing', () => {
    expect(appTargetMissing({ reqUri: '/roles-roleManage', entryUrl: null })).toBeNull()
    expect(appTargetMissing({ reqUri: '/salary', entryUrl: null })).toBe(AppMsg.MISSING_ENTRY)
    expect(appTargetMissing({ reqUri: '/salary', entryUrl: '/subapps/demo/index.html' })).toBeNull()
    expect(appTargetMissing({ reqUri: '/no-such-page', entryUrl: 'https://x.cn/' })).toBe(AppMsg.UNKNOWN_ROUTE)
    expect(appTargetMissing({ reqUri: null, entryUrl: 'https://x.cn/' })).toBeNull()
    expect(appTargetMissing({ reqUri: null, entryUrl: '/subapps/demo/index.html' })).toBe(AppMsg.MISSING_ROUTE)
    expect(appTargetMissing({ reqUri: null, entryUrl: null })).toBe(AppMsg.MISSING_ENTRY)
  })

  it('built-in apps: internal pages open as they are; teacher tools are for staff only', () => {
    const byId = new Map(BUILTIN_APPS.map((a) => [a.uniqueId, a]))
    for (const id of ['base_data', 'org_structure', 'role_permission', 'app_manage', 'class_management']) {
      expect(appTargetMissing({ reqUri: byId.get(id)!.reqUri, entryUrl: null })).toBeNull()
    }
    for (const id of ['salary', 'worklog', 'leave', 'official_document', 'archive_teacher'])
      expect(byId.get(id)!.userTypes).toEqual([UserType.STAFF])
    expect(byId.get('grade_manage')!.userTypes).toContain(UserType.PARENT)
  })
})
