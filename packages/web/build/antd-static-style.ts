import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import type { ComponentType, ReactElement, ReactNode } from 'react'
import type { Plugin } from 'vite'
import { THEME } from '../src/components/antd-theme'

/** The `<link>` the build adds to index.html; bootstrap/antd-css.ts switches it on as the app shell loads. */
export const ANTD_CSS_ATTR = 'data-zx-antd'

// antd's CommonJS build: its ES build imports without file extensions, which Node's ESM loader refuses. Same code,
// same hashes as the browser's ES build.
const require = createRequire(import.meta.url)
// antd's own copy of its style engine (a dependency of antd, not of this package): the cache must be the one antd's
// components write to.
const fromAntd = createRequire(require.resolve('antd'))
type AnyComponent = ComponentType<Record<string, unknown>>
/** The part of @ant-design/cssinjs used here. */
interface CssInJs {
  createCache: () => object
  StyleProvider: AnyComponent
  extractStyle: (cache: object, options: { plain: boolean }) => string
}
interface Antd {
  ConfigProvider: AnyComponent
  [name: string]: unknown
}

/** Panels antd renders only when opened (messages, dialogs, pop-ups): their internal panel registers the styles. */
const PANEL = '_InternalPanelDoNotUseOrYouWillBeFired'
/**
 * The components of the first screen of the portal homes and the app shell around them (layouts, headers, blocks,
 * the mobile home, the shell's message API; forms, tables and dialogs open later). Only these: the whole of antd is 1.2 MB of CSS (77 KB brotli) for a
 * phone to download and parse before its first paint; a page that uses another component computes that one's styles
 * in the browser as every page did before.
 */
const FIRST_SCREEN = new Set([
  'Alert',
  'App',
  'Avatar',
  'Badge',
  'Button',
  'Card',
  'Col',
  'Divider',
  'Drawer',
  'Dropdown',
  'Empty',
  'Flex',
  'FloatButton',
  'Image',
  'Layout',
  'List',
  'Menu',
  'Modal',
  'Popover',
  'QRCode',
  'Row',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Tag',
  'Tooltip',
  'Typography',
  'message',
])

const isComponent = (v: unknown): v is AnyComponent =>
  typeof v === 'function' || (typeof v === 'object' && v !== null && '$$typeof' in v)

/**
 * antd's styles for the portal's theme as one CSS file (antd's static extraction, docs "SSR static style export"):
 * every exported component, its sub-components (Input.Search, Layout.Sider…) and the panels of pop-ups rendered to a
 * string inside the theme, and `extractStyle` of the style cache they filled. The file ends with antd's cache-path map
 * (`.data-ant-cssinjs-cache-path{content:…}`): the browser reads it once and skips computing every style listed there.
 */
export function renderAntdCss(): string {
  const React = require('react') as typeof import('react')
  const { renderToString } = require('react-dom/server') as typeof import('react-dom/server')
  const cssinjs = fromAntd('@ant-design/cssinjs') as CssInJs
  const antd = require('antd') as Antd
  const cache = cssinjs.createCache()
  const h = React.createElement
  const inTheme = (node: ReactNode) =>
    h(cssinjs.StyleProvider, { cache }, h(antd.ConfigProvider, { theme: THEME }, node))
  const nodes: ReactElement[] = []
  for (const [name, value] of Object.entries(antd)) {
    if (!FIRST_SCREEN.has(name)) continue
    if (name[0] === name[0]!.toUpperCase() && isComponent(value)) {
      nodes.push(h(value, null, h('span', null, name)))
      for (const [sub, part] of Object.entries(value))
        if (sub[0] === sub[0]!.toUpperCase() && isComponent(part)) nodes.push(h(part, null))
    }
    const panel = (value as Record<string, unknown> | null)?.[PANEL]
    if (isComponent(panel)) nodes.push(h(panel, { content: name }))
  }
  // React warns about props some components require (a menu, a value…) on stderr; the styles come out all the same.
  const error = console.error
  const warn = console.warn
  console.error = console.warn = () => {}
  try {
    for (const node of nodes) {
      try {
        renderToString(inTheme(node))
      } catch {
        // A component that cannot render without props registers its styles in the hook before it throws, or its
        // styles come from the browser at run time as before: nothing breaks either way.
      }
    }
  } finally {
    console.error = error
    console.warn = warn
  }
  return cssinjs.extractStyle(cache, { plain: true })
}

/**
 * Build step: writes antd's styles (renderAntdCss) to assets/antd-<hash>.css and links it from index.html with
 * media="print", so it downloads without holding back the first paint of the login page (which has no antd);
 * bootstrap/antd-css.ts turns it on (media="all") and the app shell waits for it before antd's first render.
 */
export function antdStaticStyle(): Plugin {
  let fileName = ''
  return {
    name: 'zx-antd-static-style',
    apply: 'build',
    buildStart() {
      const css = renderAntdCss()
      fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`
      this.emitFile({ type: 'asset', fileName, source: css })
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'link',
          attrs: { rel: 'stylesheet', href: `/${fileName}`, media: 'print', [ANTD_CSS_ATTR]: '' },
          injectTo: 'head',
        },
      ],
    },
  }
}
