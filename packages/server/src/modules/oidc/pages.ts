import type { ErrorOut } from 'oidc-provider'

/** The provider's own pages (errors, the logout confirmation), in Chinese and readable at 375 px. */
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f5f6f8;color:#1f2329}
main{max-width:420px;margin:12vh auto;padding:24px;background:#fff;border-radius:8px}
h1{font-size:20px;margin:0 0 12px}p{line-height:1.6;color:#4e5969}
button{font-size:16px;padding:10px 20px;border-radius:6px;border:1px solid #1456d9;cursor:pointer;margin:8px 8px 0 0}
.primary{background:#1456d9;color:#fff}.plain{background:#fff;color:#1456d9}</style></head>
<body><main>${body}</main></body></html>`
}

const ERROR_TEXT: Record<string, string> = {
  invalid_request: '请求参数有误',
  invalid_client: '应用未注册、已停用或凭证错误',
  invalid_redirect_uri: '回调地址与应用登记的不一致',
  unauthorized_client: '该应用无权使用此方式登录',
  access_denied: '已拒绝授权',
  invalid_scope: '请求的授权范围未经批准',
  login_required: '请先登录',
  server_error: '服务暂时不可用，请稍后再试',
}

export function errorPage(out: ErrorOut): string {
  const text = ERROR_TEXT[out.error] ?? '登录请求无效'
  return page('登录出错', `<h1>登录出错</h1><p>${esc(text)}</p><p><small>${esc(out.error)}</small></p>`)
}

/** RP-initiated logout asks before it ends the session; `form` is the provider's hidden form (its own markup). */
export function logoutPage(form: string, clientName?: string): string {
  const who = clientName ? `「${esc(clientName)}」请求退出登录。` : ''
  return page(
    '退出登录',
    `${form}<h1>退出登录</h1><p>${who}是否同时退出智校统一身份认证？</p>
<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes">退出</button>
<button class="plain" type="submit" form="op.logoutForm">取消</button>`,
  )
}

export function logoutDonePage(): string {
  return page('已退出', '<h1>已退出登录</h1><p>您已安全退出，可以关闭此页面。</p>')
}
