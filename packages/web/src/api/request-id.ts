/**
 * The requestId header of 000 §7.1, on every call: the shared client's and the two bootstrap fetches that leave
 * before it loads (the config centre, the tenant of the host name). Its own module so the entry stays light.
 */
export const newRequestId = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`

export const requestIdHeader = (): Record<string, string> => ({ requestId: newRequestId() })
