import type { TempTenant } from './session'

/** Tenants this browser has signed in to, newest first (000 §4: a successful login adds the tenant). */
export const TENANT_HISTORY_KEY = 'zx-tenant-history'
const MAX = 10

export function readTenantHistory(): TempTenant[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(TENANT_HISTORY_KEY) ?? '[]')
    return Array.isArray(v) ? (v as TempTenant[]) : []
  } catch {
    return []
  }
}

export function rememberTenant(id: number, name: string): void {
  const list = [{ id, name }, ...readTenantHistory().filter((t) => t.id !== id)].slice(0, MAX)
  localStorage.setItem(TENANT_HISTORY_KEY, JSON.stringify(list))
}
