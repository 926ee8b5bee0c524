/**
 * Allow-list HTML sanitiser for news bodies and rich-text blocks. The input is tokenised and the output is rebuilt
 * from the tokens alone: only listed tags and attributes are emitted, every attribute value and text run is
 * re-escaped, URLs are checked after entity decoding, and script-like elements are dropped with their content.
 * Anything that does not parse as a tag is emitted as text, so malformed markup cannot smuggle a tag through.
 */

const ALLOWED_TAGS = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'span', 'div', 'font',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'hr',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col', 'figure', 'figcaption', 'video', 'source',
])
const VOID_TAGS = new Set(['br', 'hr', 'img', 'col', 'source'])
/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'svg', 'math', 'title',
  'head', 'xmp', 'noembed', 'noframes', 'frameset', 'frame', 'applet', 'plaintext', 'button', 'form',
])
const GLOBAL_ATTRS = new Set(['style', 'class', 'title', 'align', 'dir', 'lang'])
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  video: new Set(['src', 'poster', 'controls', 'width', 'height', 'muted', 'loop']),
  source: new Set(['src', 'type']),
  td: new Set(['colspan', 'rowspan', 'width', 'valign']),
  th: new Set(['colspan', 'rowspan', 'width', 'valign']),
  table: new Set(['border', 'cellpadding', 'cellspacing', 'width']),
  col: new Set(['span', 'width']),
  font: new Set(['color', 'size', 'face']),
  ol: new Set(['start', 'type']),
}
const URL_ATTRS = new Set(['href', 'src', 'poster'])
const STYLE_PROPS = new Set([
  'color', 'background-color', 'font-size', 'font-weight', 'font-style', 'font-family', 'text-align', 'text-decoration', 'text-indent',
  'line-height', 'letter-spacing', 'vertical-align', 'white-space', 'width', 'height', 'max-width', 'min-width',
  'margin', 'margin-top', 'margin-bottom', 'margin-left', 'margin-right', 'padding', 'padding-top', 'padding-bottom', 'padding-left', 'padding-right',
  'border', 'border-top', 'border-bottom', 'border-left', 'border-right', 'border-color', 'border-width', 'border-style', 'border-collapse', 'list-style-type',
])

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n', sol: '/' }

/** Decodes character references the way a browser would before it reads an attribute (&#106; → j). */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return NAMED[ref.toLowerCase()] ?? m
  })
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
/** Text keeps well-formed character references and escapes every other markup character. */
const escapeText = (s: string) => s.replace(/&(?!(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function safeUrl(raw: string, attr: string, tag: string): string | null {
  const v = decodeEntities(raw).trim()
  // Browsers ignore tabs, newlines and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const probe = v.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  if (/^https?:\/\//.test(probe)) return v
  if (probe.startsWith('/') && !probe.startsWith('//')) return v
  if (probe.startsWith('#')) return v
  if (attr === 'href' && probe.startsWith('mailto:')) return v
  if (tag === 'img' && attr === 'src' && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/.test(probe)) return v
  return null
}

function safeStyle(raw: string): string | null {
  const out: string[] = []
  for (const decl of decodeEntities(raw).split(';')) {
    const i = decl.indexOf(':')
    if (i < 0) continue
    const prop = decl.slice(0, i).trim().toLowerCase()
    const value = decl.slice(i + 1).trim()
    if (!STYLE_PROPS.has(prop) || !value) continue
    // No url(), expression(), escapes or at-rules: only plain values (colours, lengths, keywords, rgb()).
    if (!/^[#(),.%\w\s-]+$/.test(value) || /expression|url|javascript|behavior/i.test(value)) continue
    out.push(`${prop}: ${value}`)
  }
  return out.length ? out.join('; ') : null
}

interface Attr { name: string; value: string | null }

/** Reads the attributes of a start tag from `i` (just after the name); returns them and the index after `>`. */
function readAttrs(html: string, start: number): { attrs: Attr[]; end: number; selfClosing: boolean } | null {
  const attrs: Attr[] = []
  let i = start
  while (i < html.length) {
    while (i < html.length && /[\s/]/.test(html[i]!)) i++
    if (html[i] === '>') return { attrs, end: i + 1, selfClosing: html[i - 1] === '/' }
    if (i >= html.length) return null
    const nameMatch = /^[^\s"'>/=]+/.exec(html.slice(i))
    if (!nameMatch) { i++; continue }
    const name = nameMatch[0].toLowerCase()
    i += nameMatch[0].length
    while (i < html.length && /\s/.test(html[i]!)) i++
    let value: string | null = null
    if (html[i] === '=') {
      i++
      while (i < html.length && /\s/.test(html[i]!)) i++
      const q = html[i]
      if (q === '"' || q === "'") {
        const close = html.indexOf(q, i + 1)
        if (close < 0) return null
        value = html.slice(i + 1, close)
        i = close + 1
      } else {
        const m = /^[^\s>]*/.exec(html.slice(i))!
        value = m[0]
        i += m[0].length
      }
    }
    attrs.push({ name, value })
  }
  return null
}

function renderAttrs(tag: string, attrs: Attr[]): string {
  const allowed = TAG_ATTRS[tag]
  let out = ''
  const seen = new Set<string>()
  for (const { name, value } of attrs) {
    if (seen.has(name) || !(GLOBAL_ATTRS.has(name) || allowed?.has(name))) continue
    seen.add(name)
    let v: string | null = value === null ? null : decodeEntities(value)
    if (URL_ATTRS.has(name)) v = value === null ? null : safeUrl(value, name, tag)
    else if (name === 'style') v = value === null ? null : safeStyle(value)
    else if (name === 'target') v = v === '_blank' ? '_blank' : null
    if (v === null && value !== null) continue
    out += v === null ? ` ${name}` : ` ${name}="${escapeAttr(v)}"`
  }
  // A link opened in a new tab gets no handle on this page.
  if (tag === 'a' && seen.has('target')) out = out.replace(/ rel="[^"]*"/, '') + ' rel="noopener noreferrer"'
  return out
}

export function sanitizeHtml(html: string): string {
  let out = ''
  const open: string[] = []
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt < 0) { out += escapeText(html.slice(i)); break }
    out += escapeText(html.slice(i, lt))
    i = lt
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4)
      i = end < 0 ? html.length : end + 3
      continue
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i)
      i = end < 0 ? html.length : end + 1
      continue
    }
    const close = /^<\/([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/.exec(html.slice(i))
    if (close) {
      const tag = close[1]!.toLowerCase()
      const at = open.lastIndexOf(tag)
      if (at >= 0) while (open.length > at) out += `</${open.pop()}>`
      i += close[0].length
      continue
    }
    const start = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i))
    if (!start) { out += '&lt;'; i++; continue }
    const tag = start[1]!.toLowerCase()
    const parsed = readAttrs(html, i + start[0].length)
    if (!parsed) { out += '&lt;'; i++; continue }
    i = parsed.end
    if (DROP_WITH_CONTENT.has(tag)) {
      const endTag = new RegExp(`</${tag}[^>]*>`, 'i').exec(html.slice(i))
      i = endTag ? i + endTag.index + endTag[0].length : html.length
      continue
    }
    if (!ALLOWED_TAGS.has(tag)) continue
    out += `<${tag}${renderAttrs(tag, parsed.attrs)}>`
    if (!VOID_TAGS.has(tag) && !parsed.selfClosing) open.push(tag)
  }
  while (open.length) out += `</${open.pop()}>`
  return out
}

/** The text of sanitised html, for summaries and the empty-body check. */
export function htmlText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim()
}
