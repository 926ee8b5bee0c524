import type { CurrentUserDetail, LoginByUserPwdBody, LoginPageInfo, OrgInfo } from '@zhixiao/shared'
import { isJdMode } from '@zhixiao/shared'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { setUnitAttr } from './unit-attr'

export interface TempTenant {
  id: number
  name: string
}

/** The pending login of an account that must choose its organisation (login answered operationType 3). */
type TemporaryLoginData = LoginByUserPwdBody & { redirect?: string | null }

/**
 * The login state of spec 000 §3, persisted to localStorage. Fields of §3 that live elsewhere here (docs/auth.md
 * "Client login state"): the bureau user (userInfoJd) is the server's bureau check, app lists (appListAll) and the
 * public-portal flag (showOpenPortal) are query caches; zjzg and canvasData carry nothing the spec describes.
 */
export interface SessionState {
  accessToken: string | null
  userInfo: CurrentUserDetail | null
  orgInfo: OrgInfo | null
  adminRealPermissions: string[]
  redirect: string | null
  tempTenant: TempTenant | null
  /**
   * The tenant of the host name the portal was opened on (docs/auth.md "Tenant by domain"), looked up at each start
   * when no temporary tenant is set; acts like one (tenantId header) but is not offered to quit. Not persisted.
   */
  domainTenant: TempTenant | null
  /** The host name's tenant has been looked up at this start (or needs none): the login page may ask for its config. */
  domainChecked: boolean
  isLogin: boolean
  isJdLogin: boolean
  justOneOrgTenant: boolean
  orgCode: string | null
  loginPageInfo: LoginPageInfo | null
  dataCenter: unknown[]
  lowCodeApp: unknown[]
  tenantModuleType: number | null
  beFrom: string | null
  /** The org whose public portal a signed-out visitor opened last: / opens it again while it is enabled. */
  openPortalOrgId: number | null
  sportSchool: boolean
  temporaryLoginData: TemporaryLoginData | null
  setLogin: (token: string, user: CurrentUserDetail) => void
  setUser: (user: CurrentUserDetail) => void
  setLoginPageInfo: (info: LoginPageInfo) => void
  setRedirect: (redirect: string | null) => void
  setTemporaryLoginData: (data: TemporaryLoginData | null) => void
  /** Sets or quits the temporary tenant (?tn=, the login page's 切换租户; docs/auth.md "Temporary tenant"). */
  setTempTenant: (tenant: TempTenant | null) => void
  setDomainTenant: (tenant: TempTenant | null) => void
  /** The startup parameter beFrom (docs/config-center.md "Startup"): the client the portal was opened from. */
  setBeFrom: (beFrom: string | null) => void
  clearLogin: () => void
}

export const SESSION_STORE_KEY = 'zx-login'

/**
 * Everything a logout forgets (beFrom too); tempTenant, domainTenant, loginPageInfo and the visitor's public portal
 * (openPortalOrgId) survive it (000 §4).
 */
const signedOut = {
  accessToken: null,
  userInfo: null,
  orgInfo: null,
  adminRealPermissions: [],
  redirect: null,
  isLogin: false,
  isJdLogin: false,
  justOneOrgTenant: false,
  orgCode: null,
  dataCenter: [],
  lowCodeApp: [],
  tenantModuleType: null,
  beFrom: null,
  sportSchool: false,
  temporaryLoginData: null,
} satisfies Partial<SessionState>

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      tempTenant: null,
      openPortalOrgId: null,
      domainTenant: null,
      domainChecked: false,
      loginPageInfo: null,
      setLogin: (token, user) =>
        set(userFields(user, { accessToken: token, isLogin: true, temporaryLoginData: null, redirect: null })),
      setUser: (user) => set(userFields(user, {})),
      setLoginPageInfo: (info) => set({ loginPageInfo: info }),
      setRedirect: (redirect) => set({ redirect }),
      setTemporaryLoginData: (data) => set({ temporaryLoginData: data }),
      setTempTenant: (tenant) => set({ tempTenant: tenant }),
      setDomainTenant: (tenant) => set({ domainTenant: tenant, domainChecked: true }),
      setBeFrom: (beFrom) => set({ beFrom }),
      clearLogin: () => set({ ...signedOut }),
    }),
    {
      name: SESSION_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      // The pending login holds the password: it stays in memory and is never written to storage. The domain tenant
      // belongs to the address of this start, looked up again at the next.
      partialize: ({ temporaryLoginData: _pending, domainTenant: _domain, domainChecked: _checked, ...rest }) => rest,
    },
  ),
)

function userFields(user: CurrentUserDetail, extra: Partial<SessionState>): Partial<SessionState> {
  const org = user.currentOrgData
  if (org) setUnitAttr(org.unitAttr)
  return {
    ...extra,
    userInfo: user,
    orgInfo: org,
    adminRealPermissions: user.permissions,
    justOneOrgTenant: org?.justOneOrgTenant ?? false,
    orgCode: org?.orgCode ?? null,
    tenantModuleType: org?.tenantModuleType ?? null,
    isJdLogin: isJdMode(org?.tenantModuleType),
    sportSchool: org?.sportSchool ?? false,
  }
}
