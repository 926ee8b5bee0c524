/** One line of the chat (000 §4: type left or right, and content). */
export interface ChatLine {
  type: 'left' | 'right'
  content: string
  source?: string | null
}

/** Lines kept per user; older ones drop off so the browser's storage stays small. */
const KEEP = 100
const key = (userInfoId: number) => `zx-assistant-history:${userInfoId}`

/** The chat history is stored per user locally (000 §9): a shared computer shows each user only their own. */
export function loadHistory(userInfoId: number): ChatLine[] {
  try {
    const v = JSON.parse(localStorage.getItem(key(userInfoId)) ?? '[]') as unknown
    return Array.isArray(v)
      ? v.filter(
          (l): l is ChatLine => !!l && (l.type === 'left' || l.type === 'right') && typeof l.content === 'string',
        )
      : []
  } catch {
    return []
  }
}

export function saveHistory(userInfoId: number, lines: ChatLine[]): void {
  try {
    localStorage.setItem(key(userInfoId), JSON.stringify(lines.slice(-KEEP)))
  } catch {
    /* storage full or blocked: the chat still works */
  }
}

export function clearHistory(userInfoId: number): void {
  try {
    localStorage.removeItem(key(userInfoId))
  } catch {
    /* nothing kept */
  }
}
