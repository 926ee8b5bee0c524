import type { Envelope } from '@zhixiao/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { notify } from '../../api/feedback'

/**
 * Runs a write, shows the server's msg on success (the client already showed it on failure) and refreshes the
 * queries whose first key is one of `groups`. Resolves with the envelope, or null when the call was refused.
 */
export function useWrite(groups: readonly string[]) {
  const qc = useQueryClient()
  const joined = groups.join('|')
  return useCallback(
    async <T>(fn: () => Promise<Envelope<T>>): Promise<Envelope<T> | null> => {
      let env: Envelope<T>
      try {
        env = await fn()
      } catch {
        return null
      }
      notify.success(env.msg)
      const set = new Set(joined.split('|'))
      await qc.invalidateQueries({ predicate: (q) => set.has(String(q.queryKey[0])) })
      return env
    },
    [qc, joined],
  )
}
