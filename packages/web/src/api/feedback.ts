import type { MessageInstance } from 'antd/es/message/interface'

type MessageApi = Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info'>

/**
 * The client shows errors outside React. The app shell (router/shell.tsx) binds antd's context-aware message API
 * here while it is mounted; before that (the login page carries no antd) antd's static message is loaded on first
 * use.
 */
let bound: MessageApi | null = null
export function bindMessageApi(m: MessageApi | null): void {
  bound = m
}

function show(kind: 'error' | 'success' | 'warning', text: string): void {
  if (bound) {
    void bound[kind](text)
    return
  }
  void import('antd/es/message').then(({ default: message }) => {
    void message[kind](text)
  })
}

export const notify = {
  error: (text: string) => show('error', text),
  success: (text: string) => show('success', text),
  warning: (text: string) => show('warning', text),
}
