import type { LayoutName } from '@zhixiao/shared'
import type { ComponentType } from 'react'
import { applyAntdCss } from '../bootstrap/antd-css'

type LayoutModule = { Component: ComponentType }

/**
 * The app shell around every page but the login pages (antd providers, router/shell.tsx), loaded once, together with
 * antd's build-time styles (bootstrap/antd-css.ts): nothing antd renders before both are there.
 */
export const loadShell = (): Promise<LayoutModule> =>
  Promise.all([import('./shell'), applyAntdCss(3000)]).then(([m]) => ({ Component: m.AppShell }))

/** Layouts load lazily too, so the login page (redirect layout) does not carry the admin frame. */
export const LAYOUTS: Record<LayoutName, () => Promise<LayoutModule>> = {
  default: () => import('../layouts/DefaultLayout').then((m) => ({ Component: m.DefaultLayout })),
  home: () => import('../layouts/HomeLayout').then((m) => ({ Component: m.HomeLayout })),
  redirect: () => import('../layouts/RedirectLayout').then((m) => ({ Component: m.RedirectLayout })),
  none: () => import('../layouts/RedirectLayout').then((m) => ({ Component: m.RedirectLayout })),
  old: () => import('../layouts/frames').then((m) => ({ Component: m.OldLayout })),
  jd: () => import('../layouts/frames').then((m) => ({ Component: m.JdLayout })),
  'out-portal': () => import('../layouts/frames').then((m) => ({ Component: m.OutPortalLayout })),
  alliance: () => import('../layouts/frames').then((m) => ({ Component: m.AllianceLayout })),
  'manage-center': () => import('../layouts/frames').then((m) => ({ Component: m.ManageCenterLayout })),
  // The mobile portal for a 375 px phone (docs/mobile-portal.md "Mobile portal").
  mobile: () => import('../features/mobile-portal/MobileLayout').then((m) => ({ Component: m.MobileLayout })),
}
