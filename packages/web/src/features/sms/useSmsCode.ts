import { useEffect, useState } from 'react'
import { refusal } from './sms-flow'

/** Seconds before another code may be asked for (the server allows one per phone per 60 s). */
const WAIT_SECONDS = 60

/**
 * The 获取验证码 button of the SMS forms (the SMS login, the SMS step of a password login, the forgotten password):
 * `send(ask)` asks for a code, shows the server's notice and counts 60 s down before another may be asked; a
 * refusal goes to `setError` and takes the notice away. `waiting` disables the button, `label` is its text.
 */
export function useSmsCode(setError: (msg: string | null) => void) {
  const [left, setLeft] = useState(0)
  const [sending, setSending] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])

  const send = async (ask: () => Promise<{ msg: string }>) => {
    setError(null)
    setSending(true)
    try {
      setNotice((await ask()).msg)
      setLeft(WAIT_SECONDS)
    } catch (e) {
      setNotice(null)
      setError(refusal(e))
    } finally {
      setSending(false)
    }
  }

  return {
    notice,
    setNotice,
    send,
    waiting: left > 0 || sending,
    label: left > 0 ? `${left}秒后重新获取` : '获取验证码',
  }
}
