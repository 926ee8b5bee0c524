import { useEffect, useState } from 'react'

/** The page's place after '#' (#/request/12, #/tab/pending): the links in messages open a request directly. */
export function useHash(): [string, (to: string) => void] {
  const [hash, setHash] = useState(() => location.hash.replace(/^#/, ''))
  useEffect(() => {
    const on = () => setHash(location.hash.replace(/^#/, ''))
    window.addEventListener('hashchange', on)
    return () => window.removeEventListener('hashchange', on)
  }, [])
  return [hash, (to: string) => (location.hash = to)]
}
