import {
  ALL_PAGE_ROUTES,
  CONFIG_CENTER_API,
  TOKEN_COOKIE,
  type CurrentUserDetail,
  type RouteMeta,
} from '@zhixiao/shared'
import type { Page } from 'playwright-core'
import { canSee } from '../../../web/src/auth/access.js'
import { SUB_APP_ROUTES } from '../../../web/src/router/sub-apps.js'
import { api, assert, signIn, signInSuperAdmin, test, watchPageErrors } from '../harness.js'

// Every page route a demo account may open renders its page (issue 22 point 11, audit status I): the list is the
// web's own route table (ALL_PAGE_ROUTES and the sub-application hosts, as router/app-routes.tsx mounts them),
// filtered by the rule the side menu and the route guard both ask (canSee), so a new route is opened here
// without anyone listing it. A route renders when its page frame (data-page = the route path) shows, the URL
// stayed on it (not /404, not the login page), the router's error page 页面出错了 did not show, and the page threw
// nothing. One browser page per account, moving by hash: no reload, the chunks load once.

/**
 * The routes the web mounts, in its order. A sub-application host whose root is also a page route (/oneselfCenter,
 * /openPortal) shows that page at its root, so the page route stands for it.
 */
const ROUTE_TABLE: RouteMeta[] = [
  ...ALL_PAGE_ROUTES,
  ...SUB_APP_ROUTES.filter((h) => !ALL_PAGE_ROUTES.some((r) => r.path === h.path.replace(/\/\*$/, ''))),
]

/** The place to open for a route pattern: a sub-application host at its root, `:id` filled in. */
function target(meta: RouteMeta, ids: { orgId: number }): string {
  return meta.path.replace(/\/\*$/, '').replace(/:id\b/, String(ids.orgId))
}

type Lookup = (base: string, token: string, user: CurrentUserDetail) => Promise<string | null>
const firstId =
  (path: string, key = 'id'): Lookup =>
  async (base, token) => {
    const r = await api<{ list: { id: number }[] }>(base, path, { token, body: { pageIndex: 1, pageSize: 1 } })
    const id = r.data?.list?.[0]?.id
    return id ? `${key}=${id}` : null
  }

/**
 * Pages that show one record named in their query (the list pages link to them so): the first record the account
 * may read, from the seed. Without one (a bureau has no students) the page opens bare and must still render.
 */
const QUERY_OF: Record<string, Lookup> = {
  '/base-userAccount/teacherDetail': firstId('/base/api/userInfo/teacherInfo/page'),
  '/base-userAccount/studentDetail': firstId('/base/api/userInfo/studentInfo/page'),
  '/roles-roleManage/edit': firstId('/base/api/account/queryRole', 'roleId'),
  '/roles-userPermission/detail': async (_base, _token, user) =>
    `userInfoId=${user.userInfoId}&name=${encodeURIComponent(user.trueName)}`,
  '/cms2-newslist/details': firstId('/base/api/cms2/open/query/page'),
}

interface Account {
  who: string
  signIn: (page: Page, base: string) => Promise<void>
}

const ACCOUNTS: Account[] = [
  { who: 'administrator', signIn: signInSuperAdmin },
  ...['jyjadmin', 'xxadmin', 'zhanglaoshi', 'xiaoming', 'xiaomingmama', 'zyadmin'].map((who) => ({
    who,
    signIn: (page: Page, base: string) => signIn(page, base, who),
  })),
]

/** The session of the signed-in page and the user the web app sees with it (user/current/detail). */
async function currentUser(page: Page, base: string): Promise<{ token: string; user: CurrentUserDetail }> {
  const cookie = (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)?.value
  assert(cookie, 'the session cookie is set after sign-in')
  const token = decodeURIComponent(cookie)
  const r = await api<CurrentUserDetail>(base, '/base/api/account/user/current/detail', { token })
  assert(r.code === 0, `user/current/detail: ${r.msg}`)
  return { token, user: r.data }
}

/**
 * The routes `user` may open: canSee (page code, adminOnly, the menu rules of 000 §6). Public routes are the signed
 * -out visitor's (/openPortal needs an org's open portal switched on, /bindUser a pending third-party sign-in; their
 * own journeys open them). The school portal also needs the config centre's school and a school-type tenant
 * (guards.ts schoolPortalAllowed), which the demo leaves unset: startup-params.e2e opens it with both.
 */
function routesFor(user: CurrentUserDetail, schoolPortal: boolean): RouteMeta[] {
  return ROUTE_TABLE.filter(
    (r) => !r.public && canSee(r, user) && (schoolPortal || !r.path.startsWith('/schoolPortal/')),
  )
}

/** Moves the signed-in page to `path` by hash and waits until it rendered, or says why not. */
async function opens(page: Page, path: string, meta: RouteMeta): Promise<string | null> {
  await page.evaluate((p) => {
    window.location.hash = `#${p}`
  }, path)
  const frame = page.locator(`[data-page="${meta.path}"]`).first()
  const failed = page.locator('[data-page="/404"], [data-page="/error/index"]').first()
  const outcome = await Promise.race([
    frame.waitFor({ timeout: 15_000 }).then(() => 'ok' as const),
    failed.waitFor({ timeout: 15_000 }).then(() => 'failed' as const),
  ]).catch(() => 'timeout' as const)
  const at = decodeURIComponent(new URL(page.url()).hash)
  if (outcome === 'failed' || outcome === 'timeout') {
    const text = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 160)
    return `${path}: ${outcome === 'failed' ? 'error or 404 page' : 'nothing rendered in 15 s'} at ${at} («${text}»)`
  }
  if (at.slice(1).split('?')[0] !== path.split('?')[0]) return `${path}: left for ${at}`
  if (await page.getByText('页面出错了').count()) return `${path}: the error page`
  // A frame with nothing inside it is a blank page.
  if (!(await frame.innerText()).trim() && !(await frame.locator('iframe, img, canvas').count()))
    return `${path}: an empty page`
  return null
}

for (const account of ACCOUNTS) {
  test(
    `route smoke: every page route ${account.who} may open renders its page`,
    async ({ newPage, baseUrl }) => {
      const page = await newPage()
      const noErrors = watchPageErrors(page)
      await account.signIn(page, baseUrl)
      const { token, user } = await currentUser(page, baseUrl)
      const config = await api<{ schoolOrgId: number | null }>(baseUrl, CONFIG_CENTER_API)
      const schoolPortal = config.data?.schoolOrgId != null && user.currentOrgData?.tenantModuleType === 0
      const routes = routesFor(user, schoolPortal)
      // Every account has pages beyond its home: a filter that lets nothing through would prove nothing.
      assert(routes.length > 20, `${account.who}: only ${routes.length} routes to open`)
      const failures: string[] = []
      const started = Date.now()
      for (const meta of routes) {
        const query = (await QUERY_OF[meta.path]?.(baseUrl, token, user)) ?? null
        const failure = await opens(page, target(meta, { orgId: user.orgId }) + (query ? `?${query}` : ''), meta)
        if (failure) {
          failures.push(failure)
          // The error page stays up until the next page renders, so it would seem to fail too: start it afresh.
          await page.reload()
        }
      }
      assert(
        failures.length === 0,
        `${account.who}: ${failures.length} of ${routes.length} routes did not render:\n${failures.join('\n')}`,
      )
      noErrors()
      console.log(`    ${account.who}: ${routes.length} routes in ${Date.now() - started} ms`)
      // Up to 220 pages in one journey: about a minute on an idle two-core machine, so the usual 120 s limit is too tight.
    },
    { timeoutMs: 300_000 },
  )
}
