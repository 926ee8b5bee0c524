import { Msg, type LoginByUserPwdBody } from '@zhixiao/shared'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useSession } from '../../stores/session'
import { finishLogin, runLogin, type LoginOutcome } from './login-flow'

const SELECT_ORG_PATH = '/redirect/selectOrg'
/** Sign-up and the status of a signed-up person's requests to join (features/signup). */
export const SIGNUP_PATH = '/redirect/signup'

/**
 * The forced-reset dialog is antd (Modal, Form) and rare: it loads when a login asks for it, so the login page
 * stays light. Its own theme provider, since the login page is outside the app shell.
 */
const ForcedResetDialog = lazy(async () => {
  const [{ ForcedResetDialog: Dialog }, { AntdTheme }] = await (await import('./on-demand')).loadForcedResetDialog()
  return {
    default: (p: Parameters<typeof Dialog>[0]) => (
      <AntdTheme>
        <Dialog {...p} />
      </AntdTheme>
    ),
  }
})

/** The TOTP step (operationType 7), antd too: loads only when a login asks for a code. */
const TotpLoginDialog = lazy(async () => {
  const [{ TotpLoginDialog: Dialog }, { AntdTheme }] = await (await import('./on-demand')).loadTotpLoginDialog()
  return {
    default: (p: Parameters<typeof Dialog>[0]) => (
      <AntdTheme>
        <Dialog {...p} />
      </AntdTheme>
    ),
  }
})

/** The SMS step (operationType 6): plain HTML like the login page, loaded when a login asks for it. */
const SmsStepDialog = lazy(async () => (await import('./on-demand')).loadSmsStepDialog())

interface Options {
  /** operationType 1: the page shows (or asks for) the image check code. */
  onCaptcha: (msg: string) => void | Promise<void>
  /** operationType 0 after a failed attempt (e.g. refresh a used captcha). */
  onFailed?: () => void | Promise<void>
  /** After a forced reset the new password replaces the typed one. */
  onPasswordChanged?: (password: string) => void
}

interface PendingReset {
  ticket: string
  reason: 'default' | 'expired'
  payload: LoginByUserPwdBody
  redirect: string | null
}

/**
 * Handles a login result the same way on every page that logs in (login page, organisation page): 5 → landing
 * or redirect, 3 → organisation page, 2 → forced reset dialog then a new login with the new password,
 * 1 → captcha, 0 → 登录失败 with the server's reason, refusals → their message.
 */
export function useLoginRunner(opts: Options): {
  run: (payload: LoginByUserPwdBody, redirect: string | null) => Promise<LoginOutcome>
  /** Acts on an outcome reached another way (a QR code signed in): navigate, show the error … */
  follow: (outcome: LoginOutcome, redirect: string | null) => Promise<LoginOutcome>
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
  const [totp, setTotp] = useState<{ ticket: string; enrol: boolean; redirect: string | null } | null>(null)
  const [smsStep, setSmsStep] = useState<{ ticket: string; phone: string; redirect: string | null } | null>(null)

  const run = async (payload: LoginByUserPwdBody, redirect: string | null): Promise<LoginOutcome> => {
    setBusy(true)
    setError(null)
    const outcome = await runLogin(payload, redirect)
    setBusy(false)
    return follow(outcome, payload, redirect)
  }

  const follow = async (
    outcome: LoginOutcome,
    payload: LoginByUserPwdBody | null,
    redirect: string | null,
  ): Promise<LoginOutcome> => {
    switch (outcome.kind) {
      case 'done':
        await navigate(outcome.to, { replace: true })
        break
      case 'verify':
        await navigate(SELECT_ORG_PATH, { replace: true, state: { verify: outcome.check, to: outcome.to } })
        break
      case 'external':
        window.location.assign(outcome.url)
        break
      case 'chooseOrg':
        await navigate(SELECT_ORG_PATH, { state: { orgs: outcome.orgs } })
        break
      case 'reset':
        if (payload) setReset({ ticket: outcome.ticket, reason: outcome.reason, payload, redirect })
        break
      case 'totp':
        setTotp({ ticket: outcome.ticket, enrol: outcome.enrol, redirect })
        break
      case 'sms':
        setSmsStep({ ticket: outcome.ticket, phone: outcome.phone, redirect })
        break
      case 'captcha':
        await opts.onCaptcha(outcome.msg)
        break
      case 'failed':
        setError(`${Msg.LOGIN_FAILED}：${outcome.msg || Msg.WRONG_CREDENTIALS}`)
        await opts.onFailed?.()
        break
      case 'registration':
        await navigate(SIGNUP_PATH, { state: { registerToken: outcome.registerToken, notice: outcome.msg } })
        break
      case 'error':
        setError(outcome.msg)
    }
    return outcome
  }

  const dialogs = reset && (
    <Suspense fallback={null}>
      <ForcedResetDialog
        ticket={reset.ticket}
        reason={reset.reason}
        hint={hint}
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

  const totpDialog = totp && (
    <Suspense fallback={null}>
      <TotpLoginDialog
        ticket={totp.ticket}
        enrol={totp.enrol}
        onCancel={() => setTotp(null)}
        onToken={async (token) => {
          const { redirect } = totp
          setTotp(null)
          await follow(await finishLogin(token, redirect), null, redirect)
        }}
      />
    </Suspense>
  )

  const smsDialog = smsStep && (
    <Suspense fallback={null}>
      <SmsStepDialog
        ticket={smsStep.ticket}
        phone={smsStep.phone}
        redirect={smsStep.redirect}
        onCancel={() => setSmsStep(null)}
        onOutcome={async (outcome) => {
          const { redirect } = smsStep
          setSmsStep(null)
          await follow(outcome, null, redirect)
        }}
      />
    </Suspense>
  )

  return {
    run,
    follow: (outcome: LoginOutcome, redirect: string | null) => follow(outcome, null, redirect),
    busy,
    error,
    setError,
    dialogs: (
      <>
        {dialogs}
        {totpDialog}
        {smsDialog}
      </>
    ),
  }
}
