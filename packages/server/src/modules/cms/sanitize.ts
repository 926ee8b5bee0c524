import { isSafeLink } from '@zhixiao/shared'
import sanitize from 'sanitize-html'

/**
 * Cleans the html kept for news bodies and rich-text blocks with sanitize-html (a maintained parser-based
 * allow-list; we keep no parser of our own). Only the tags, attributes and style properties listed here survive;
 * script-like elements are dropped with their content; every URL must also pass the shared link rule (isSafeLink:
 * http(s), a path on this site or a #hash; mailto: for links, base64 images for <img>), which sanitize-html checks
 * after decoding entities and ignoring control characters, so "java&#x09;script:" cannot slip through either.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'span',
  'div',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'hr',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'figure',
  'figcaption',
  'video',
  'source',
]
/** Dropped together with everything inside them (sanitize-html keeps the text of other disallowed tags). */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'frameset',
  'frame',
  'applet',
  'plaintext',
  'button',
  'form',
]
const GLOBAL_ATTRS = ['style', 'class', 'title', 'align', 'dir', 'lang']
const TAG_ATTRS: Record<string, string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  video: ['src', 'poster', 'controls', 'width', 'height', 'muted', 'loop'],
  source: ['src', 'type'],
  td: ['colspan', 'rowspan', 'width', 'valign'],
  th: ['colspan', 'rowspan', 'width', 'valign'],
  table: ['border', 'cellpadding', 'cellspacing', 'width'],
  col: ['span', 'width'],
  font: ['color', 'size', 'face'],
  ol: ['start', 'type'],
}
const URL_ATTRS = ['href', 'src', 'poster']
/** Plain values only (colours, lengths, keywords, rgb()): no url(), expression(), escapes or at-rules. */
const PLAIN = [/^(?!.*(expression|url|javascript|behavior))[#(),.%\w\s-]+$/i]
const STYLE_PROPS = [
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'text-align',
  'text-decoration',
  'text-indent',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'white-space',
  'width',
  'height',
  'max-width',
  'min-width',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-top',
  'border-bottom',
  'border-left',
  'border-right',
  'border-color',
  'border-width',
  'border-style',
  'border-collapse',
  'list-style-type',
]
const BASE64_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/i

/** Whether an element may keep a URL attribute (on top of sanitize-html's own scheme check). */
function urlAllowed(tag: string, attr: string, value: string): boolean {
  const v = value.trim()
  if (isSafeLink(v)) return true
  if (attr === 'href' && /^mailto:/i.test(v)) return true
  return tag === 'img' && attr === 'src' && BASE64_IMAGE.test(v)
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  nonTextTags: DROP_WITH_CONTENT,
  allowedAttributes: { '*': GLOBAL_ATTRS, ...TAG_ATTRS },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: URL_ATTRS,
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPS.map((p) => [p, PLAIN])) },
  allowVulnerableTags: false,
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: sanitize.Attributes = {}
      for (const [name, value] of Object.entries(attribs)) {
        if (URL_ATTRS.includes(name) && !urlAllowed(tagName, name, value)) continue
        if (name === 'target' && value !== '_blank') continue
        kept[name] = value
      }
      // A link opened in a new tab gets no handle on this page.
      if (tagName === 'a' && kept.target) kept.rel = 'noopener noreferrer'
      return { tagName, attribs: kept }
    },
  },
}

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS)
}

/** The text of sanitised html (entities left encoded), for the empty-body check. */
export function htmlText(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()
}
