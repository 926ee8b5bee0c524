import {
  JOIN_STATUS_LABEL,
  JoinStatus,
  NOTICE_LABEL,
  noticeVersionName,
  UserType,
  type NoticeVersionRef,
  type MyApplication,
  type MyApplications,
  type RegisterOrg,
  type RegisterTenant,
} from '@zhixiao/shared'
import { Alert, Button, Card, Checkbox, Form, Input, Radio, Select, Space, Steps, Tag } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../api/client'
import { noticeApi } from '../privacy-notice/api'
import { NoticeLinks } from '../privacy-notice/NoticeLinks'
import { signupApi, tenantOfPass, type SignupScope } from './api'
import '../auth/login.css'
import './signup.css'

/** What the login page hands over when a signed-up account without a membership signs in. */
export interface SignupPageState {
  registerToken?: string
  notice?: string
}

const STEPS = [{ title: '验证手机' }, { title: '设置密码' }, { title: '申请加入' }, { title: '审核结果' }]
const RESEND_SECONDS = 60
const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' }
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : '网络错误，请稍后再试')

function parseOrgId(v: string | null): number | undefined {
  return v && /^\d+$/.test(v) ? Number(v) : undefined
}

/**
 * /redirect/signup: sign-up from the login page (docs/auth.md "Sign-up"). Phone and SMS code → name and password →
 * choose the school and, as a parent, name the child → the request's status. A signed-up person who signs in before
 * the school decided lands on the status step (the login page hands over the registration pass).
 */
export default function SignupPage({ path }: { path: string }) {
  const [params] = useSearchParams()
  const handed = (useLocation().state ?? {}) as SignupPageState
  const orgId = parseOrgId(params.get('orgId'))
  const [scope, setScope] = useState<SignupScope>(() => ({
    orgId,
    tenantId: handed.registerToken ? tenantOfPass(handed.registerToken) : undefined,
  }))
  const [pass, setPass] = useState<string | null>(handed.registerToken ?? null)
  const [step, setStep] = useState(handed.registerToken ? 3 : 0)
  const [ticket, setTicket] = useState<string | null>(null)
  const [phone, setPhone] = useState('')
  const [editing, setEditing] = useState<MyApplication | null>(null)
  const loginHref = `/redirect/login${orgId ? `?orgId=${orgId}` : ''}`

  return (
    <div className="zx-login-bg" data-page={path}>
      <Card className="zx-login-card zx-signup-card">
        <h1 className="zx-login-title">注册账号</h1>
        <div className="zx-login-sub">家长、教师注册后申请加入学校，经学校审核通过即可登录</div>
        <Steps
          size="small"
          current={step}
          items={STEPS}
          titlePlacement="vertical"
          responsive={false}
          className="zx-signup-steps"
        />
        {step === 0 && (
          <PhoneStep
            scope={scope}
            onScope={setScope}
            onVerified={(p, t) => {
              setPhone(p)
              setTicket(t)
              setStep(1)
            }}
          />
        )}
        {step === 1 && ticket && (
          <AccountStep
            scope={scope}
            phone={phone}
            ticket={ticket}
            onRestart={() => {
              setTicket(null)
              setStep(0)
            }}
            onDone={(registerToken, tenantId) => {
              setPass(registerToken)
              setScope((s) => ({ ...s, tenantId }))
              setStep(2)
            }}
          />
        )}
        {step === 2 && pass && (
          <ApplyStep
            scope={scope}
            pass={pass}
            editing={editing}
            onDone={() => {
              setEditing(null)
              setStep(3)
            }}
            onCancel={
              editing
                ? () => {
                    setEditing(null)
                    setStep(3)
                  }
                : undefined
            }
          />
        )}
        {step === 3 && pass && (
          <StatusStep
            pass={pass}
            notice={handed.notice ?? null}
            loginHref={loginHref}
            onApply={(edit) => {
              setEditing(edit)
              setStep(2)
            }}
          />
        )}
        <div className="zx-login-foot">
          <Link to={loginHref} data-testid="signup-back">
            已有账号？返回登录
          </Link>
        </div>
      </Card>
    </div>
  )
}

/** Step 1: the tenant when the login page named none, the phone and its SMS code. */
function PhoneStep({
  scope,
  onScope,
  onVerified,
}: {
  scope: SignupScope
  onScope: (s: SignupScope) => void
  onVerified: (phone: string, ticket: string) => void
}) {
  const [form] = Form.useForm<{ phone: string; smsCode: string }>()
  const [tenants, setTenants] = useState<RegisterTenant[] | null>(null)
  const [countdown, setCountdown] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setInterval>>(undefined)
  const needTenant = !scope.orgId

  useEffect(() => {
    if (!needTenant) return
    signupApi.tenants().then(
      (list) => {
        setTenants(list)
        if (list.length === 1 && !scope.tenantId) onScope({ ...scope, tenantId: list[0]!.tenantId })
      },
      (e) => setError(errorText(e)),
    )
  }, [needTenant])
  useEffect(() => () => clearInterval(timer.current), [])

  const send = async () => {
    setError(null)
    setNotice(null)
    if (needTenant && !scope.tenantId) {
      setError('请选择所在单位')
      return
    }
    let phone: string
    try {
      phone = (await form.validateFields(['phone'])).phone
    } catch {
      return
    } // the field shows its own message
    setBusy(true)
    try {
      const env = await signupApi.sendCode(scope, phone)
      setNotice(env.msg)
      setCountdown(RESEND_SECONDS)
      clearInterval(timer.current)
      timer.current = setInterval(
        () =>
          setCountdown((c) => {
            if (c <= 1) clearInterval(timer.current)
            return c - 1
          }),
        1000,
      )
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }
  const next = async (v: { phone: string; smsCode: string }) => {
    setError(null)
    setBusy(true)
    try {
      const r = await signupApi.verifyCode(scope, v.phone.trim(), v.smsCode.trim())
      onVerified(v.phone.trim(), r.signupTicket)
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={next} requiredMark={false}>
      {error && <Alert type="error" showIcon title={error} className="zx-signup-alert" />}
      {notice && !error && <Alert type="success" showIcon title={notice} className="zx-signup-alert" />}
      {needTenant && (
        <Form.Item label="所在单位" required>
          <Select
            placeholder="请选择所在单位（区县）"
            value={scope.tenantId}
            loading={tenants === null}
            aria-label="所在单位"
            options={(tenants ?? []).map((t) => ({ value: t.tenantId, label: t.name }))}
            onChange={(tenantId: number) => onScope({ ...scope, tenantId })}
          />
        </Form.Item>
      )}
      <Form.Item
        name="phone"
        label="手机号"
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: /^1\d{10}$/, message: '请输入正确的手机号' },
        ]}
      >
        <Input placeholder="请输入手机号" inputMode="tel" maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact block>
          <Form.Item
            name="smsCode"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              { pattern: /^\d{6}$/, message: '请输入6位数字验证码' },
            ]}
          >
            <Input placeholder="请输入短信验证码" inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <Button onClick={() => void send()} disabled={countdown > 0} loading={busy && countdown === 0}>
            {countdown > 0 ? `${countdown}秒后重发` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        下一步
      </Button>
    </Form>
  )
}

/** Step 2: name and password (the tenant's rule, shown as the hint and checked by the server). */
function AccountStep({
  scope,
  phone,
  ticket,
  onDone,
  onRestart,
}: {
  scope: SignupScope
  phone: string
  ticket: string
  onDone: (pass: string, tenantId: number) => void
  onRestart: () => void
}) {
  const [hint, setHint] = useState<string | undefined>()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    signupApi.loginInfo(scope).then(
      (i) => setHint(i.passwordRule.text),
      () => {},
    )
  }, [])
  // The versions of the tenant's notices this form shows; sign-up sends them back as the ones accepted.
  const [notices, setNotices] = useState<NoticeVersionRef[]>([])
  const loadNotices = () => noticeApi.versions(scope).then(setNotices, () => {})
  useEffect(() => {
    void loadNotices()
  }, [])
  const submit = async (v: { trueName: string; password: string; confirm: string }) => {
    setError(null)
    setBusy(true)
    try {
      const r = await signupApi.signUp({
        signupTicket: ticket,
        trueName: v.trueName.trim(),
        password: v.password,
        confirmPassword: v.confirm,
        acceptedNotices: notices.map((n) => ({ kind: n.kind, version: n.version })),
      })
      onDone(r.registerToken, r.tenantId)
    } catch (e) {
      setError(errorText(e))
      // A newer version was published while the form was open: show the new ones before the next try.
      void loadNotices()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false}>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          className="zx-signup-alert"
          action={
            <Button size="small" type="link" onClick={onRestart}>
              重新验证
            </Button>
          }
        />
      )}
      <Form.Item label="手机号（登录名）">
        <Input value={phone} disabled />
      </Form.Item>
      <Form.Item
        name="trueName"
        label="姓名"
        rules={[
          { required: true, whitespace: true, message: '请输入姓名' },
          { max: 30, message: '姓名不能超过30个字符' },
        ]}
      >
        <Input placeholder="请输入真实姓名" autoComplete="name" />
      </Form.Item>
      <Form.Item name="password" label="密码" extra={hint} rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password placeholder="请设置密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认密码"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !v || getFieldValue('password') === v ? Promise.resolve() : Promise.reject(new Error('两次密码不一致')),
          }),
        ]}
      >
        <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意平台文档'))),
          },
        ]}
      >
        <Checkbox data-testid="signup-agree">
          我已阅读并同意
          <NoticeLinks scope={scope} />
          {notices.length > 0 && (
            <span className="zx-signup-versions" data-testid="signup-notice-versions">
              （{notices.map((n) => `${NOTICE_LABEL[n.kind]} ${noticeVersionName(n.version)}`).join('，')}）
            </span>
          )}
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        注册
      </Button>
    </Form>
  )
}

interface ApplyValues {
  userType: number
  orgId: number
  childNo?: string
  childName?: string
  relation?: string
  reason?: string
}

/** Step 3: parent or teacher, the school (the tenant's public list), and a parent's child (student number and name). */
function ApplyStep({
  scope,
  pass,
  editing,
  onDone,
  onCancel,
}: {
  scope: SignupScope
  pass: string
  editing: MyApplication | null
  onDone: () => void
  onCancel?: () => void
}) {
  const [form] = Form.useForm<ApplyValues>()
  const userType = Form.useWatch('userType', form) ?? editing?.userType ?? UserType.PARENT
  const [orgs, setOrgs] = useState<RegisterOrg[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    signupApi.orgs(scope).then(setOrgs, (e) => setError(errorText(e)))
  }, [])
  const parent = userType === UserType.PARENT
  const options = (orgs ?? [])
    .filter((o) => (parent ? o.parentOpen : o.teacherOpen))
    .map((o) => ({ value: o.orgId, label: o.name }))
  const submit = async (v: ApplyValues) => {
    setError(null)
    setBusy(true)
    try {
      await signupApi.apply(pass, {
        ...v,
        id: editing?.id ?? null,
        childNo: parent ? v.childNo : null,
        childName: parent ? v.childName : null,
      })
      onDone()
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }
  const initial: Partial<ApplyValues> = editing
    ? {
        userType: editing.userType,
        orgId: editing.orgId,
        childNo: editing.childNo ?? undefined,
        childName: editing.childName ?? undefined,
        relation: editing.relation ?? undefined,
        reason: editing.reason ?? undefined,
      }
    : { userType: UserType.PARENT }
  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={initial} requiredMark={false}>
      {error && <Alert type="error" showIcon title={error} className="zx-signup-alert" />}
      <Form.Item name="userType" label="身份">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: UserType.PARENT, label: '我是家长' },
            { value: UserType.STAFF, label: '我是教师' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="orgId"
        label={parent ? '孩子就读的学校' : '申请加入的学校或单位'}
        rules={[{ required: true, message: '请选择学校' }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="请选择学校"
          loading={orgs === null}
          options={options}
          aria-label="学校"
        />
      </Form.Item>
      {parent && (
        <>
          <Form.Item
            name="childNo"
            label="孩子的学号"
            rules={[
              { required: true, whitespace: true, message: '请输入孩子的学号' },
              { max: 30, message: '学号不能超过30个字符' },
            ]}
          >
            <Input placeholder="请输入孩子的学号" />
          </Form.Item>
          <Form.Item
            name="childName"
            label="孩子的姓名"
            rules={[
              { required: true, whitespace: true, message: '请输入孩子的姓名' },
              { max: 30, message: '姓名不能超过30个字符' },
            ]}
          >
            <Input placeholder="请输入孩子的姓名" />
          </Form.Item>
          <Form.Item name="relation" label="与孩子的关系">
            <Select
              allowClear
              placeholder="请选择（选填）"
              options={['父亲', '母亲', '祖父母', '外祖父母', '其他'].map((v) => ({ value: v, label: v }))}
            />
          </Form.Item>
        </>
      )}
      <Form.Item name="reason" label="申请说明" rules={[{ max: 200, message: '申请说明不能超过200个字符' }]}>
        <Input.TextArea rows={2} placeholder="选填" />
      </Form.Item>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {editing ? '保存修改' : '提交申请'}
        </Button>
        {onCancel && (
          <Button block onClick={onCancel}>
            取消
          </Button>
        )}
      </Space>
    </Form>
  )
}

/** Step 4: where each request stands; a waiting one can be changed or withdrawn, a refused one asked again. */
function StatusStep({
  pass,
  notice,
  loginHref,
  onApply,
}: {
  pass: string
  notice: string | null
  loginHref: string
  onApply: (edit: MyApplication | null) => void
}) {
  const navigate = useNavigate()
  const [mine, setMine] = useState<MyApplications | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = () => signupApi.mine(pass).then(setMine, (e) => setError(errorText(e)))
  useEffect(() => {
    void load()
  }, [pass])
  const withdraw = async (a: MyApplication) => {
    try {
      await signupApi.apply(pass, { id: a.id, orgId: a.orgId, userType: a.userType, withdraw: true })
      await load()
    } catch (e) {
      setError(errorText(e))
    }
  }
  const waiting = mine?.list.some((a) => a.status === JoinStatus.PENDING) ?? false
  return (
    <div data-testid="signup-status">
      {notice && <Alert type="info" showIcon title={notice} className="zx-signup-alert" />}
      {error && <Alert type="error" showIcon title={error} className="zx-signup-alert" />}
      {mine && (
        <>
          <div className="zx-signup-who">
            {mine.trueName}（登录名 {mine.userName}）
          </div>
          {mine.member && <Alert type="success" showIcon title="已加入学校，请返回登录" className="zx-signup-alert" />}
          {mine.list.length === 0 && <div className="zx-signup-empty">还没有加入申请</div>}
          {mine.list.map((a) => (
            <div key={a.id} className="zx-signup-item" data-testid="signup-request">
              <div className="zx-signup-item-head">
                <span className="zx-signup-org">{a.orgName}</span>
                <Tag color={STATUS_COLOR[a.status]}>{JOIN_STATUS_LABEL[a.status as JoinStatus] ?? a.status}</Tag>
              </div>
              <div className="zx-signup-meta">
                {a.userType === UserType.PARENT
                  ? `家长 · 孩子 ${a.childName ?? ''}（学号 ${a.childNo ?? ''}）`
                  : '教师'}{' '}
                · {a.createdAt}
              </div>
              {a.status === JoinStatus.REFUSED && a.refuseReason && (
                <div className="zx-signup-refuse">拒绝原因：{a.refuseReason}</div>
              )}
              {a.status === JoinStatus.PENDING && (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => onApply(a)}>
                    修改
                  </Button>
                  <Button type="link" size="small" danger onClick={() => void withdraw(a)}>
                    撤回
                  </Button>
                </Space>
              )}
            </div>
          ))}
          {waiting && <div className="zx-signup-meta">学校审核通过后，即可使用手机号和密码登录。</div>}
          <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
            <Button block onClick={() => onApply(null)}>
              {mine.list.length ? '再提交一个申请' : '申请加入学校'}
            </Button>
            <Button type="primary" block onClick={() => void navigate(loginHref)}>
              返回登录
            </Button>
          </Space>
        </>
      )}
    </div>
  )
}
