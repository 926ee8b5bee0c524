import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { takeTenantFromUrl } from './bootstrap/url-tenant'
import { showStartupNotice, takeTokenFromUrl, takeUrlParam } from './bootstrap/url-token'
import { appConfig, startConfigLoad } from './config'
import { navigateTo } from './navigation/navigate'
import { useSession } from './stores/session'

function render(): void {
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

/** Startup parameters the startup chunk takes (docs/config-center.md "Startup"). */
const STARTUP_PARAM = /[?&](microappurl|beFrom|currentAppName)=/

// Startup (000 §2.4, 001 §2.4; docs/config-center.md "Startup"). The config centre is asked at once and not awaited: the
// pages that need it (route guards) wait for it beside their own calls, and a failure shows its message while the
// app goes on with the build-time defaults. The startup chunk (bootstrap/startup.ts) loads beside it and is waited
// for only when there is something for it to do first: microappurl, beFrom or currentAppName in the address, or a
// place-reservation path (a phone goes to the mobile booking address). ?tn= names the tenant first (its calls carry
// it), else the host name may (tenant by domain); then a token in the URL is swapped (the page reloads signed in); a
// failed swap opens the app with its message.
async function start(): Promise<void> {
  const config = startConfigLoad()
  void config.then((r) => {
    if (!r.ok) showStartupNotice(r.msg)
  })
  // A chunk that fails to load leaves the defaults: no parameters taken, no tenant by domain.
  const startup = import('./bootstrap/startup').catch(() => null)
  if (STARTUP_PARAM.test(window.location.href))
    (await startup)?.takeStartupParams({ takeUrlParam, navigateTo, session: useSession })
  if (/^#?\/placemeet(\/|\?|$)/.test(window.location.hash)) {
    await config
    if ((await startup)?.leaveForMobileBooking(appConfig.placeBookingUrl)) return
  }
  const tenant = await takeTenantFromUrl()
  void startup.then((m) => {
    if (m) m.followDomainTenant(useSession)
    else useSession.getState().setDomainTenant(null)
  })
  if (
    takeTokenFromUrl((msg) => {
      render()
      showStartupNotice(msg)
    })
  )
    return
  render()
  if (tenant) showStartupNotice(tenant.msg, tenant.ok ? 'success' : 'error')
}
void start()
