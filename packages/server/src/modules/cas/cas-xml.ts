import { create } from 'xmlbuilder2'

/** The CAS protocol's namespace (CAS Protocol Specification §2.5, appendix A). */
const CAS_NS = 'http://www.yale.edu/tp/cas'
const SAMLP_NS = 'urn:oasis:names:tc:SAML:2.0:protocol'
const SAML_NS = 'urn:oasis:names:tc:SAML:2.0:assertion'

export type CasFailureCode =
  'INVALID_REQUEST' | 'INVALID_TICKET_SPEC' | 'INVALID_TICKET' | 'INVALID_SERVICE' | 'INTERNAL_ERROR'

/** Attribute name → its values (one value: a single element; several: the element repeated, CAS's multi-value). */
export type CasAttributes = Record<string, string[]>

export type CasOutcome =
  { ok: true; user: string; attributes: CasAttributes } | { ok: false; code: CasFailureCode; description: string }

/**
 * Claims as CAS attributes, flattened (docs/open-platform.md "CAS"): a scalar is one value; a list of scalars is a
 * multi-valued attribute (class_ids); an object's fields become <name>_<field> (grade → grade_id, grade_name); a list
 * of objects becomes one multi-valued attribute per field, in the same order (children → children_sub,
 * children_name, children_relation: the n-th values belong to the n-th child). Empty values are left out, and so is
 * a list inside a list's object (a teacher's classes → classes_id, classes_is_head; the subjects of each class have
 * no flat form that keeps them with their class: an app reads them from the OIDC claims or the directory).
 */
export function flattenClaims(claims: Record<string, unknown>): CasAttributes {
  const out: CasAttributes = {}
  const add = (name: string, v: unknown) => {
    if (v === undefined || v === null || v === '') return
    if (Array.isArray(v)) return
    if (typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) add(`${name}_${k}`, x)
      return
    }
    ;(out[name] ??= []).push(String(v))
  }
  for (const [name, v] of Object.entries(claims)) {
    if (Array.isArray(v)) for (const x of v) add(name, x)
    else add(name, v)
  }
  return out
}

/** The serviceValidate answer as XML, built node by node: every value is escaped by the library, Chinese as UTF-8. */
export function serviceResponseXml(o: CasOutcome): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(CAS_NS, 'cas:serviceResponse')
  if (!o.ok) {
    root.ele(CAS_NS, 'cas:authenticationFailure').att('code', o.code).txt(o.description)
  } else {
    const s = root.ele(CAS_NS, 'cas:authenticationSuccess')
    s.ele(CAS_NS, 'cas:user').txt(o.user)
    const attrs = s.ele(CAS_NS, 'cas:attributes')
    for (const [name, values] of Object.entries(o.attributes)) {
      for (const v of values) attrs.ele(CAS_NS, `cas:${name}`).txt(v)
    }
  }
  return root.end({ prettyPrint: true })
}

/** The same answer as JSON (format=JSON): a single value as a string, several as an array. */
export function serviceResponseJson(o: CasOutcome): string {
  if (!o.ok) {
    return JSON.stringify({ serviceResponse: { authenticationFailure: { code: o.code, description: o.description } } })
  }
  const attributes = Object.fromEntries(Object.entries(o.attributes).map(([k, v]) => [k, v.length === 1 ? v[0] : v]))
  return JSON.stringify({ serviceResponse: { authenticationSuccess: { user: o.user, attributes } } })
}

/** Single logout's message (CAS Protocol Specification §2.3.3): a SAML 2.0 LogoutRequest naming the ticket. */
export function logoutRequestXml(ticket: string, id: string, at: Date): string {
  const r = create()
    .ele(SAMLP_NS, 'samlp:LogoutRequest')
    .att('ID', id)
    .att('Version', '2.0')
    .att('IssueInstant', at.toISOString())
  r.ele(SAML_NS, 'saml:NameID').txt('@NOT_USED@')
  r.ele(SAMLP_NS, 'samlp:SessionIndex').txt(ticket)
  return r.end({ headless: true })
}

/** A small HTML page for a refused /login (the text escaped by the library). */
export function errorPageHtml(title: string, text: string): string {
  const html = create().ele('html').att('lang', 'zh-CN')
  const head = html.ele('head')
  head.ele('meta').att('charset', 'utf-8')
  head.ele('meta').att('name', 'viewport').att('content', 'width=device-width, initial-scale=1')
  head.ele('title').txt(title)
  const body = html.ele('body').att('style', 'font-family:sans-serif;max-width:40em;margin:4em auto;padding:0 1em')
  body.ele('h1').att('style', 'font-size:1.3em').txt(title)
  body.ele('p').txt(text)
  return `<!doctype html>\n${html.end({ headless: true })}`
}
