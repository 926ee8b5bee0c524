import { message } from 'antd'

type MessageApi = Pick<typeof message, 'error' | 'success' | 'warning' | 'info'>

/** The client shows errors outside React; App binds antd's context-aware message API here on mount. */
let api: MessageApi = message
export function bindMessageApi(m: MessageApi): void { api = m }
export const notify = {
  error: (text: string) => { void api.error(text) },
  success: (text: string) => { void api.success(text) },
  warning: (text: string) => { void api.warning(text) },
}
