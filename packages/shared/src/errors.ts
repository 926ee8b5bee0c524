/**
 * Envelope codes. 401/403/404 follow the spec's client rules (000 §8); the others are our own and
 * always carry a Chinese message the client shows as-is after 600 ms.
 */
export const ErrorCode = {
  OK: 0,
  CREATED: 201,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A link past its time (an export's download). */
  GONE: 410,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  /** The database is away (restarting, failing over, refusing connections): try again later (HTTP 503). */
  SERVICE_UNAVAILABLE: 503,
  /** Business-rule refusals (account states, captcha, password rules). */
  ACCOUNT_DISABLED: 1001,
  ACCOUNT_LOCKED: 1002,
  CAPTCHA_INVALID: 1003,
  PASSWORD_RULE: 1004,
  PASSWORD_WRONG: 1005,
  ORG_NOT_MEMBER: 1006,
  RESET_TICKET_INVALID: 1007,
  IP_THROTTLED: 1008,
  TENANT_DISABLED: 1009,
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

/** Chinese messages, verbatim from the spec where it names them. */
export const Msg = {
  OK: '操作成功',
  LOGIN_FAILED: '登录失败',
  WRONG_CREDENTIALS: '用户名或密码错误',
  ACCOUNT_DISABLED: '账号已停用，请联系管理员',
  ACCOUNT_LOCKED: '登录失败次数过多，账号已锁定，请15分钟后再试',
  IP_THROTTLED: '登录尝试过于频繁，请稍后再试',
  CAPTCHA_REQUIRED: '请输入图形验证码',
  CAPTCHA_INVALID: '图形验证码错误或已过期',
  ORG_NOT_MEMBER: '您不属于该机构，请联系管理员',
  NOT_LOGGED_IN: '登录已失效，请重新登录',
  NO_PERMISSION: '暂无权限',
  /** A setting that acts for the whole tenant (a provider, a policy), asked for from a session below the top org. */
  TOP_ORG_ONLY: '仅顶级机构的管理员可维护此设置',
  NOT_FOUND: '请求的资源不存在',
  SERVER_ERROR: '服务器异常，请稍后再试',
  SERVICE_UNAVAILABLE: '网络异常，请稍后再试',
  NETWORK_ERROR: '网络错误，请联系管理员',
  NETWORK_ERROR_SHORT: '网络错误',
  ILLEGAL_REQUEST: '非法请求',
  CONTACT_ADMIN: '请联系管理员',
  BAD_REQUEST: '请求参数有误',
  /** A multipart upload whose body ends before its closing boundary (a cut connection, a broken client). */
  UPLOAD_INCOMPLETE: '上传的文件不完整，请重新上传',
  PASSWORD_CHANGED: '修改成功',
  PASSWORD_MISMATCH: '两次密码不一致',
  OLD_PASSWORD_WRONG: '当前密码错误',
  PASSWORD_SAME_AS_OLD: '新密码不能与当前密码相同',
  PASSWORD_IS_DEFAULT: '新密码不能是初始密码',
  RESET_TICKET_INVALID: '重置凭证无效或已过期，请重新登录',
  LOGOUT_OK: '退出登录成功',
  SWITCH_OK: '切换成功',
  /** 退出租户 of the user menu or the login page (the temporary tenant is quit). */
  TENANT_QUIT: '已退出租户',
  ONLY_ONE_ORG: '当前账号只有一个机构',
  CHOOSE_ORG: '请选择要切换的机构',
  TENANT_NOT_FOUND: '租户不存在',
  ORG_NOT_FOUND: '机构不存在',
} as const
