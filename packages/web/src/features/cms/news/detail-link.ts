/**
 * The news detail address of 001 §2.1: /cms2-newslist/details (the school portal's /schoolPortal/home/news/details)
 * with id and what the reader came from — title (the list's heading), type (its news type), source ('home' or 'list':
 * where 返回 leads when there is no history, a link opened in a new tab) and style ('1': a narrow reading column).
 */
export interface NewsDetailLink {
  id: number
  title?: string | null
  type?: number | null
  source?: 'home' | 'list'
  style?: '1'
}

export function newsDetailPath(school: boolean, l: NewsDetailLink): string {
  const q = new URLSearchParams({ id: String(l.id) })
  if (l.title) q.set('title', l.title)
  if (l.type) q.set('type', String(l.type))
  if (l.source) q.set('source', l.source)
  if (l.style) q.set('style', l.style)
  return `${school ? '/schoolPortal/home/news/details' : '/cms2-newslist/details'}?${q.toString()}`
}

/** Where 返回 of a detail page leads: the list it came from (its type and title kept), or the home. */
export function newsBackPath(school: boolean, params: URLSearchParams): string {
  if (params.get('source') === 'home') return school ? '/schoolPortal/home/index' : '/portal/home'
  const q = new URLSearchParams()
  const type = Number(params.get('type'))
  if (Number.isSafeInteger(type) && type > 0) q.set('type', String(type))
  const title = params.get('title')
  if (title) q.set('title', title)
  const list = school ? '/schoolPortal/home/news' : '/cms2-newslist'
  return q.size ? `${list}?${q.toString()}` : list
}
