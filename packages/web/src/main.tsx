import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { takeTenantFromUrl } from './bootstrap/url-tenant'
import { showStartupNotice, takeTokenFromUrl } from './bootstrap/url-token'

function render(): void {
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(<StrictMode><App /></StrictMode>)
}

// Startup parameters (000 §2.4): ?tn= names the tenant first (its calls carry it), then a token in the URL is
// swapped (the page reloads signed in); a failed swap opens the app with its message.
async function start(): Promise<void> {
  const tenant = await takeTenantFromUrl()
  if (takeTokenFromUrl((msg) => { render(); showStartupNotice(msg) })) return
  render()
  if (tenant) showStartupNotice(tenant.msg, tenant.ok ? 'success' : 'error')
}
void start()
