import { Msg, type LoginByUserPwdBody } from '@zhixiao/shared'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useSession } from '../../stores/session'
import { runLogin, type LoginOutcome } from './login-flow'

export const SELECT_ORG_PATH = '/redirect/selectOrg'

/**
 * The forced-reset dialog is antd (Modal, Form) and rare: it loads when a login asks for it, so the login page
 * stays light. Its own theme provider, since the login page is outside the app shell.
 */
const ForcedResetDialog = lazy(async () => {
  const [{ ForcedResetDialog: Dialog }, { AntdTheme }] = await Promise.all([import('./ForcedResetDialog'), import('../../components/AntdTheme')])
  return { default: (p: Parameters<typeof Dialog>[0]) => <AntdTheme><Dialog {...p} /></AntdTheme> }
})

interface Options {
  /** operationType 1: the page shows (or asks for) the image check code. */
  onCaptcha: (msg: string) => void | Promise<void>
  /** operationType 0 after a failed attempt (e.g. refresh a used captcha). */
  onFailed?: () => void | Promise<void>
  /** After a forced reset the new password replaces the typed one. */
  onPasswordChanged?: (password: string) => void
}

interface PendingReset { ticket: string; reason: 'default' | 'expired'; payload: LoginByUserPwdBody; redirect: string | null }

/**
 * Handles a login result the same way on every page that logs in (login page, organisation page): 5 → landing
 * or redirect, 3 → organisation page, 2 → forced reset dialog then a new login with the new password,
 * 1 → captcha, 0 → 登录失败 with the server's reason, refusals → their message.
 */
export function useLoginRunner(opts: Options): {
  run: (payload: LoginByUserPwdBody, redirect: string | null) => Promise<LoginOutcome>
  busy: boolean
  error: string | null
  setError: (e: string | null) => void
  dialogs: ReactNode
} {
  const navigate = useNavigate()
  const hint = useSession((s) => s.loginPageInfo?.passwordRule.text)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [reset, setReset] = useState<PendingReset | null>(null)

  const run = async (payload: LoginByUserPwdBody, redirect: string | null): Promise<LoginOutcome> => {
    setBusy(true)
    setError(null)
    const outcome = await runLogin(payload, redirect)
    setBusy(false)
    switch (outcome.kind) {
      case 'done': await navigate(outcome.to, { replace: true }); break
      case 'verify': await navigate(SELECT_ORG_PATH, { replace: true, state: { verify: outcome.check, to: outcome.to } }); break
      case 'external': window.location.assign(outcome.url); break
      case 'chooseOrg': await navigate(SELECT_ORG_PATH, { state: { orgs: outcome.orgs } }); break
      case 'reset': setReset({ ticket: outcome.ticket, reason: outcome.reason, payload, redirect }); break
      case 'captcha': await opts.onCaptcha(outcome.msg); break
      case 'failed': setError(`${Msg.LOGIN_FAILED}：${outcome.msg || Msg.WRONG_CREDENTIALS}`); await opts.onFailed?.(); break
      case 'error': setError(outcome.msg)
    }
    return outcome
  }

  const dialogs = reset && (
    <Suspense fallback={null}>
      <ForcedResetDialog
        ticket={reset.ticket} reason={reset.reason} hint={hint}
        onCancel={() => setReset(null)}
        onDone={(password) => {
          const { payload, redirect } = reset
          setReset(null)
          opts.onPasswordChanged?.(password)
          void run({ ...payload, password }, redirect)
        }}
      />
    </Suspense>
  )

  return { run, busy, error, setError, dialogs }
}
