/**
 * antd's styles extracted at build time (build/antd-static-style.ts): index.html links them with media="print", so
 * they download without holding back the first paint. Before antd's first render they must apply: antd reads their
 * cache-path map once, at its first style, and computes in the browser (as it did before the file existed) every style
 * not listed. So the app shell (router/layouts.ts) waits for the file (at most `maxMs`) as it loads; the login page,
 * which has no antd and no shell, never waits for it. Not in the entry: the login route's weight budget.
 */
const ATTR = 'data-zx-antd' // build/antd-static-style.ts ANTD_CSS_ATTR (a build file the entry must not import)

export function applyAntdCss(maxMs: number): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>(`link[${ATTR}]`)
  if (!link) return Promise.resolve() // the dev server: no extracted file
  link.media = 'all'
  if (link.sheet) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => resolve()
    link.addEventListener('load', done, { once: true })
    // A failed or slow file: antd computes its styles in the browser instead.
    link.addEventListener('error', done, { once: true })
    setTimeout(done, maxMs)
  })
}
