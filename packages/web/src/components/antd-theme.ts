// The portal's antd theme, without antd: AntdTheme.tsx applies it, build/antd-static-style.ts renders antd's styles
// with it at build time.

/**
 * The portal's colours, chosen so that text reaches WCAG 2.1 AA contrast (4.5:1) on white and on antd's light
 * backgrounds: antd's defaults do not (#1677ff links 4.1:1, rgba(0,0,0,.45) dates 3.4:1, #bfbfbf placeholders, the
 * green, cyan, orange and gold tags 2–3.4:1, white on #ff4d4f badges 3.3:1). Set once here, so no page has to
 * remember it; docs/portal-config.md "Accessibility".
 */
const TOKENS = {
  colorPrimary: '#0958d9', // 6.2:1 on white, also white text on primary buttons
  // Hovered buttons and links turn darker, not lighter (antd's lighter hover is 4.2:1).
  colorPrimaryHover: '#003eb3',
  colorInfo: '#0958d9', // links derive from it
  colorInfoHover: '#003eb3',
  colorLinkHover: '#003eb3',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
  colorError: '#cf1322',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)', // dates, descriptions, captions (colorTextDescription derives from it)
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  borderRadius: 8,
} as const

/**
 * Preset tag colours: antd writes shade 7 on shade 1; where that is under 4.5:1 the next darker shade is used. Each is
 * set under both of antd's names (green7, green-7), which share one CSS variable.
 */
const TAG_TEXT = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
}
const PALETTE = Object.fromEntries(
  Object.entries(TAG_TEXT).flatMap(([name, hex]) => [
    [`${name}7`, hex],
    [`${name}-7`, hex],
  ]),
)
/**
 * `cssVar.key` fixed instead of React's useId: the build renders antd's styles once (build/antd-static-style.ts) and
 * the browser skips every style whose cache path it finds in that file, which holds only when the path (it carries the
 * key) is the same in the build and in the browser.
 */
export const THEME = { token: { ...TOKENS, ...PALETTE }, cssVar: { key: 'zx' } }
