import { useEffect, useState } from 'react'

/**
 * The grades pages' routes (hash): #/ home, #/new 新建考试, #/exam/<id> an exam (teachers: 录入/统计; students and
 * guardians: the result, ?child=<sub> for a guardian), #/exam/<id>/edit. The hub's message links open #/exam/<id>.
 */
export type Route =
  { page: 'home' } | { page: 'new' } | { page: 'exam'; id: number; child?: string } | { page: 'edit'; id: number }

function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?')
  const child = new URLSearchParams(query).get('child') ?? undefined
  const m = /^\/exam\/(\d{1,9})(\/edit)?$/.exec(path)
  if (m) return m[2] ? { page: 'edit', id: Number(m[1]) } : { page: 'exam', id: Number(m[1]), child }
  if (path === '/new') return { page: 'new' }
  return { page: 'home' }
}

export function useRoute(): Route {
  const [hash, setHash] = useState(window.location.hash)
  useEffect(() => {
    const on = () => setHash(window.location.hash)
    window.addEventListener('hashchange', on)
    return () => window.removeEventListener('hashchange', on)
  }, [])
  return parseRoute(hash)
}

export const go = (hash: string) => {
  window.location.hash = hash
}
export const examHref = (id: number, child?: string) =>
  `#/exam/${id}${child ? `?child=${encodeURIComponent(child)}` : ''}`
