import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { useState } from 'react'

/**
 * Runs a write, shows its success and refreshes the leave lists (a refusal's Chinese message is shown by the kit's
 * client). Answers whether it succeeded, so a form closes only then.
 */
export function useAction() {
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [busy, setBusy] = useState(false)
  const run = async (fn: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true)
    try {
      await fn()
      message.success(done)
      await qc.invalidateQueries({ queryKey: ['leave'] })
      return true
    } catch {
      return false
    } finally {
      setBusy(false)
    }
  }
  return { run, busy }
}
