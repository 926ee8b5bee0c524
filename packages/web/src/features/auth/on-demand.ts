// The login page's parts that load only when the user asks for them (扫码登录, 短信登录, 找回密码) or a sign-in does
// (forced reset, TOTP or SMS step). They are imported from this small module, not from the login page itself: every
// lazy import carries its chunk's preload list (antd's pieces, dozens of file names) in the chunk that holds it, and in
// the login page's chunks those lists were about 2 KB gzip that every cold visit downloaded for nothing (issue 22.14).
// The price is one small request before the first of them opens.
export const loadQrLoginPanel = () =>
  Promise.all([import('../login-security/QrLoginPanel'), import('../../components/AntdTheme')])
export const loadSmsLoginPanel = () => import('../sms/SmsLoginPanel')
export const loadForgotPasswordPanel = () => import('../sms/ForgotPasswordPanel')
export const loadForcedResetDialog = () =>
  Promise.all([import('./ForcedResetDialog'), import('../../components/AntdTheme')])
export const loadTotpLoginDialog = () =>
  Promise.all([import('../login-security/TotpLoginDialog'), import('../../components/AntdTheme')])
export const loadSmsStepDialog = () => import('../sms/SmsStepDialog')
