// End-to-end suite: the built web app and the real server on a free port, driven in headless Chromium.
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { launchBrowser, REPO_ROOT, startServer, tests, type E2EContext } from './harness.js'
import './tests/login.e2e.js'
import './tests/client-errors.e2e.js'
import './tests/org-setup.e2e.js'
import './tests/buildings.e2e.js'
import './tests/base-data.e2e.js'
import './tests/school-from-empty.e2e.js'
import './tests/demo-district.e2e.js'
import './tests/people-import.e2e.js'
import './tests/verify-info.e2e.js'
import './tests/org-excel.e2e.js'
import './tests/study-month.e2e.js'
import './tests/roles.e2e.js'
import './tests/roles-sub-org.e2e.js'
import './tests/apps.e2e.js'
// Before portal-header: that test leaves the demo school on header style 2 (group menus), and apps-offer reads the style-1 tabs.
import './tests/apps-offer.e2e.js'
import './tests/portal-home.e2e.js'
import './tests/portal-header.e2e.js'
import './tests/complaints.e2e.js'
import './tests/super-admin.e2e.js'
import './tests/menu-rules.e2e.js'
import './tests/phone.e2e.js'
import './tests/display-names.e2e.js'
import './tests/input-safety.e2e.js'
import './tests/signup.e2e.js'
import './tests/sms-login.e2e.js'
// Last: it enrols a demo administrator in TOTP (and turns it off again at its end).
import './tests/qr-mfa.e2e.js'
import './tests/sso.e2e.js'
import './tests/campus-portal.e2e.js'
import './tests/pc-portal-config.e2e.js'
import './tests/mobile-portal.e2e.js'
import './tests/red-dots.e2e.js'
import './tests/assistant.e2e.js'
// Last: it leaves the demo parent xiaomingmama a member of a second school, so a later test signing her in would meet
// the organisation choice (sign her in at /#/redirect/login?orgId=<school> there).
import './tests/messages.e2e.js'
import './tests/data-centre.e2e.js'

const dist = path.join(REPO_ROOT, 'packages/web/dist/index.html')
if (!fs.existsSync(dist)) {
  const b = spawnSync('npm', ['run', 'build', '-w', '@zhixiao/web'], { cwd: REPO_ROOT, stdio: 'inherit' })
  if (b.status !== 0) process.exit(1)
}

// E2E_ONLY runs the tests whose names contain one of its |-separated parts.
const only = process.env.E2E_ONLY?.split('|').filter(Boolean)
const selected = only ? tests.filter((t) => only.some((part) => t.name.includes(part))) : tests
const server = await startServer()
const browser = await launchBrowser()
let passed = 0
let failed = 0
const shotDir = path.join(REPO_ROOT, 'test-results')
try {
  for (const t of selected) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
    const ctx: E2EContext = {
      browser,
      baseUrl: server.url,
      newPage: async (viewport) => { const p = await context.newPage(); if (viewport) await p.setViewportSize(viewport); return p },
    }
    const started = Date.now()
    try {
      await t.run(ctx)
      passed++
      console.log(`  ✓ ${t.name} (${Date.now() - started} ms)`)
    } catch (e) {
      failed++
      console.log(`  ✗ ${t.name}\n    ${(e as Error).stack ?? e}`)
      fs.mkdirSync(shotDir, { recursive: true })
      for (const [i, p] of context.pages().entries()) {
        await p.screenshot({ path: path.join(shotDir, `${t.name.replace(/[^\w\u4e00-\u9fa5]+/g, '_')}-${i}.png`) }).catch(() => {})
      }
    } finally {
      await context.close()
    }
  }
} finally {
  await browser.close()
  await server.stop()
}
console.log(`e2e: ${passed} passed, ${failed} failed`)
if (process.env.E2E_REPORT) fs.writeFileSync(process.env.E2E_REPORT, JSON.stringify({ passed, failed }))
process.exit(failed ? 1 : 0)
