import type { CurrentUserDetail, LoginByUserPwdBody, LoginPageInfo, OrgInfo } from '@zhixiao/shared'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

export interface TempTenant { id: number; name: string }

/** The persisted login state of spec 000 §3 (the fields later capabilities fill are kept null until then). */
export interface SessionState {
  accessToken: string | null
  userInfo: CurrentUserDetail | null
  orgInfo: OrgInfo | null
  adminRealPermissions: string[]
  redirect: string | null
  tempTenant: TempTenant | null
  isLogin: boolean
  isJdLogin: boolean
  justOneOrgTenant: boolean
  orgCode: string | null
  loginPageInfo: LoginPageInfo | null
  tenantModuleType: number | null
  beFrom: string | null
  showOpenPortal: boolean
  openPortalOrgId: number | null
  temporaryLoginData: (LoginByUserPwdBody & { redirect?: string | null }) | null
  setLogin: (token: string, user: CurrentUserDetail) => void
  setUser: (user: CurrentUserDetail) => void
  setLoginPageInfo: (info: LoginPageInfo) => void
  setTemporaryLoginData: (data: SessionState['temporaryLoginData']) => void
  clearLogin: () => void
}

export const SESSION_STORE_KEY = 'zx-login'
export const TENANT_HISTORY_KEY = 'zx-tenant-history'

const signedOut = {
  accessToken: null, userInfo: null, orgInfo: null, adminRealPermissions: [], redirect: null, isLogin: false, isJdLogin: false,
  justOneOrgTenant: false, orgCode: null, tenantModuleType: null, beFrom: null, showOpenPortal: false, openPortalOrgId: null,
  temporaryLoginData: null,
} satisfies Partial<SessionState>

export const useSession = create<SessionState>()(persist((set) => ({
  ...signedOut,
  tempTenant: null,
  loginPageInfo: null,
  setLogin: (token, user) => set(userFields(user, { accessToken: token, isLogin: true, temporaryLoginData: null })),
  setUser: (user) => set(userFields(user, {})),
  setLoginPageInfo: (info) => set({ loginPageInfo: info }),
  setTemporaryLoginData: (data) => set({ temporaryLoginData: data }),
  clearLogin: () => set({ ...signedOut }),
}), {
  name: SESSION_STORE_KEY,
  storage: createJSONStorage(() => localStorage),
  // The pending login holds the password: memory only, never written to storage.
  partialize: ({ temporaryLoginData: _pending, ...rest }) => rest,
}))

function userFields(user: CurrentUserDetail, extra: Partial<SessionState>): Partial<SessionState> {
  const org = user.currentOrgData
  // The unit attribute lives in session storage (001 §2.3).
  if (org) sessionStorage.setItem('unitAttr', String(org.unitAttr))
  return {
    ...extra,
    userInfo: user,
    orgInfo: org,
    adminRealPermissions: user.permissions,
    justOneOrgTenant: org?.justOneOrgTenant ?? false,
    orgCode: org?.orgCode ?? null,
    tenantModuleType: org?.tenantModuleType ?? null,
    isJdLogin: org ? org.tenantModuleType === 1 || org.tenantModuleType === 4 : false,
  }
}

/** Adds the tenant to the login history list on a successful login (000 §4). */
export function rememberTenant(id: number, name: string): void {
  const list = JSON.parse(localStorage.getItem(TENANT_HISTORY_KEY) ?? '[]') as TempTenant[]
  localStorage.setItem(TENANT_HISTORY_KEY, JSON.stringify([{ id, name }, ...list.filter((t) => t.id !== id)].slice(0, 10)))
}

/** Logout: the token goes and most local storage with it; tenant and login-page info stay (000 §4). */
export function clearLocalSession(): void {
  useSession.getState().clearLogin()
  for (const key of Object.keys(localStorage)) {
    if (key !== SESSION_STORE_KEY && key !== TENANT_HISTORY_KEY) localStorage.removeItem(key)
  }
  sessionStorage.clear()
}
