import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * One name per domain (docs/architecture.md "One name per domain"): every server module `modules/<name>` has a web
 * feature folder `features/<name>`, a shared file `contracts/<name>.ts` or `<name>.ts`, and a page `docs/<name>.md`,
 * or it is listed below: documented on a page with others (the page names it as `modules/<name>`), or with no web
 * folder of its own (and why).
 */
const root = path.resolve(import.meta.dirname, '../../..')
const at = (...p: string[]) => path.join(root, ...p)

/** Modules documented together on one page, by the page (docs/<page>.md). */
const DOCUMENTED_WITH: Record<string, readonly string[]> = {
  'api-auth': ['account', 'tenant'],
  auth: ['login-security', 'signup', 'sms', 'sso'],
  'base-data': ['area', 'organization'],
  'open-platform': ['app-clients', 'cas', 'directory', 'oidc', 'open-notify', 'webhooks'],
  privacy: ['consent', 'pi-exports', 'privacy-audit', 'privacy-notice'],
  'school-year': ['alumni', 'imports', 'intake', 'rollover', 'school-stats', 'transfers'],
  apps: ['data-centre'],
}

/** Modules without a web feature folder of their own: where their screens are, or why there are none. */
const NO_WEB_FOLDER: Record<string, string> = {
  'app-clients': 'an app registration is a drawer of the app manager, features/apps',
  'config-center': 'a card of the tenant settings, features/tenant',
  consent: "the guardians' consent pages are privacy pages, features/privacy",
  directory: "an API for apps' servers only; no page",
  'open-notify': "an API for apps' servers only; no page",
  'school-year': 'the school-year rules; its pages are rollover, transfers, intake and alumni',
  webhooks: "an app's webhooks are a panel of the app manager, features/apps",
}

const modules = fs
  .readdirSync(at('packages/server/src/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
const pageOf = new Map(Object.entries(DOCUMENTED_WITH).flatMap(([page, ms]) => ms.map((m) => [m, page] as const)))

describe('one name per domain', () => {
  it('every server module has a shared contracts or schema file of its name', () => {
    const missing = modules.filter(
      (m) =>
        !fs.existsSync(at('packages/shared/src/contracts', `${m}.ts`)) &&
        !fs.existsSync(at('packages/shared/src', `${m}.ts`)),
    )
    expect(missing).toEqual([])
  })

  it('every server module has a web feature folder of its name, or says where its screens are', () => {
    const missing = modules.filter(
      (m) => !fs.existsSync(at('packages/web/src/features', m)) && NO_WEB_FOLDER[m] === undefined,
    )
    expect(missing).toEqual([])
    // The list holds no module that has since got its folder (or gone).
    const stale = Object.keys(NO_WEB_FOLDER).filter(
      (m) => !modules.includes(m) || fs.existsSync(at('packages/web/src/features', m)),
    )
    expect(stale).toEqual([])
  })

  it('every server module has a docs page of its name, or is named on the page that documents it', () => {
    const missing = modules.filter((m) => !fs.existsSync(at('docs', `${m}.md`)) && !pageOf.has(m))
    expect(missing).toEqual([])
    const unnamed = [...pageOf].filter(([m, page]) => {
      const file = at('docs', `${page}.md`)
      return !fs.existsSync(file) || !new RegExp(`modules/${m}(?![\\w-])`).test(fs.readFileSync(file, 'utf8'))
    })
    expect(unnamed).toEqual([])
    const stale = [...pageOf.keys()].filter((m) => !modules.includes(m) || fs.existsSync(at('docs', `${m}.md`)))
    expect(stale).toEqual([])
  })
})
