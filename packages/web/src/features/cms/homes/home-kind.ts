import { isSchoolUnit, type HomeKind } from '@zhixiao/shared'
import { appConfig } from '../../../config'

/** Which home a route shows; 'auto' is /portal/home: the bureau home below unit attribute 8, the school home from 8. */
const KIND_BY_PATH: Record<string, HomeKind | 'auto'> = {
  '/portal/home': 'auto',
  '/portal/personal': 'personal',
  '/portal/class': 'class',
  '/generalPortal/home/index': 'general',
  '/localSide/home/index': 'bureau',
  '/alliancePortal/home': 'bureau',
  '/schoolPortal/home/index': 'school',
  // Older and alternative entries to the same homes (000 §2.4).
  '/home/home': 'auto',
  '/old/home/:id': 'auto',
  '/jdLogin/jdPlatForm/index': 'bureau',
}

/** The routes of the portal homes (HomePage), whose blocks the route guard asks for beside the page's code. */
export const isHomeRoute = (path: string): boolean => path in KIND_BY_PATH

/** The home a route shows to a member of an org with `unitAttr` (HomePage and the guard's early ask agree on it). */
export function homeKindFor(path: string, unitAttr: number | null | undefined): HomeKind {
  const want = KIND_BY_PATH[path] ?? 'personal'
  return want === 'auto' ? (isSchoolUnit(unitAttr ?? 8) ? 'school' : 'bureau') : want
}

/** The org whose blocks a home shows: the school portal's configured school, else the reader's own (null). */
export const homeOrgIdFor = (path: string): number | null =>
  path === '/schoolPortal/home/index' ? appConfig.schoolOrgId : null
