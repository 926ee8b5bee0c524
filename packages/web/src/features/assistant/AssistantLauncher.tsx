import {
  ASSISTANT_DRAWER_WIDTH,
  ASSISTANT_GREETING,
  ASSISTANT_MAX_MESSAGE,
  ASSISTANT_QUICK_QUESTIONS,
  ASSISTANT_SCROLL_SLACK_PX,
  AssistantMsg,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Drawer, FloatButton, Input, Space, Typography } from 'antd'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { notify } from '../../api/feedback'
import { useCurrentUser } from '../../api/queries'
import { useSession } from '../../stores/session'
import { useWindowWidth } from '../portal-header/use-window-width'
import { aiUrl, assistantApi, AssistantKeys, streamChat } from './api'
import { clearHistory, loadHistory, saveHistory, type ChatLine } from './history'
import './assistant.css'

/** 000 §6: not inside an embedded frame. */
const inFrame = (() => {
  try {
    return window.self !== window.top
  } catch {
    return true
  }
})()

/**
 * The AI helper's floating button and drawer (000 §1, §6, §9; docs/assistant.md), mounted lazily by the portal
 * layouts. Shown only with an AI URL, when the server says the helper is on, outside frames and off the local side,
 * and not when the portal was opened from another client (startup parameter beFrom, docs/config-center.md "Startup"): that
 * client has its own help.
 */
export default function AssistantLauncher() {
  const { pathname } = useLocation()
  const user = useCurrentUser().data
  const embedded = useSession((s) => !!s.beFrom)
  const allowed = aiUrl() !== '' && !inFrame && !embedded && !pathname.startsWith('/localSide') && !!user
  const enabled = useQuery({
    queryKey: [AssistantKeys.enabled],
    queryFn: () => assistantApi.isEnabled(),
    enabled: allowed,
    staleTime: 5 * 60_000,
    retry: false,
  })
  const [open, setOpen] = useState(false)
  if (!allowed || enabled.data !== true || !user) return null
  return (
    <>
      <FloatButton
        type="primary"
        tooltip={AssistantMsg.TITLE}
        aria-label={`AI ${AssistantMsg.TITLE}`}
        data-testid="assistant-open"
        icon={
          <span aria-hidden className="zx-ai-icon">
            AI
          </span>
        }
        onClick={() => setOpen(true)}
        style={{ insetInlineEnd: 24, bottom: 88 }}
      />
      {open && <ChatDrawer userInfoId={user.userInfoId} onClose={() => setOpen(false)} />}
    </>
  )
}

function ChatDrawer({ userInfoId, onClose }: { userInfoId: number; onClose: () => void }) {
  const width = useWindowWidth()
  const [lines, setLines] = useState<ChatLine[]>(() => loadHistory(userInfoId))
  const [input, setInput] = useState('')
  const [busy, setBusy] = useState(false)
  const [ended, setEnded] = useState(false)
  const list = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  const abort = useRef<AbortController | null>(null)
  const endedRef = useRef(false)

  // Opening the drawer starts a conversation (startOrEndToChat status 1); closing it ends one still open (status 0).
  useEffect(() => {
    void assistantApi.startOrEnd(userInfoId, 1).catch(() => undefined)
    return () => {
      abort.current?.abort()
      if (!endedRef.current) void assistantApi.startOrEnd(userInfoId, 0).catch(() => undefined)
    }
  }, [userInfoId])

  useEffect(() => {
    saveHistory(userInfoId, lines)
  }, [userInfoId, lines])

  // Follows the reply while the reader stays within 100 px of the bottom (000 §9); scrolled up, it leaves them there.
  useLayoutEffect(() => {
    const el = list.current
    if (el && stick.current) el.scrollTop = el.scrollHeight
  }, [lines])
  const onScroll = () => {
    const el = list.current
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight <= ASSISTANT_SCROLL_SLACK_PX
  }

  const appendToLast = (text: string) =>
    setLines((ls) => {
      const last = ls[ls.length - 1]
      return last && last.type === 'left'
        ? [...ls.slice(0, -1), { ...last, content: last.content + text }]
        : [...ls, { type: 'left', content: text }]
    })

  const send = useCallback(
    async (raw: string) => {
      const content = raw.trim()
      if (!content || ended) return
      if (busy) {
        notify.warning(AssistantMsg.BUSY)
        return
      }
      if (content.length > ASSISTANT_MAX_MESSAGE) {
        notify.warning(AssistantMsg.TOO_LONG)
        return
      }
      setBusy(true)
      setInput('')
      stick.current = true
      setLines((ls) => [...ls, { type: 'right', content }, { type: 'left', content: '' }])
      const ctl = new AbortController()
      abort.current = ctl
      try {
        await streamChat(
          content,
          userInfoId,
          {
            onEvent: (e) => {
              if (e.type === 'delta') appendToLast(e.content)
              else if (e.type === 'source') {
                const source =
                  e.source === 'help'
                    ? `帮助文档《${e.title}》`
                    : e.source === 'model'
                      ? `大模型${e.title ? `（参考《${e.title}》）` : ''}`
                      : null
                setLines((ls) => ls.map((l, i) => (i === ls.length - 1 ? { ...l, source } : l)))
              } else appendToLast(e.msg)
            },
          },
          ctl.signal,
        )
        // The reply's end marker ends the conversation (000 §4): the input is disabled until a new one starts.
        endedRef.current = true
        setEnded(true)
      } catch (e) {
        if (!ctl.signal.aborted) {
          const msg = (e as Error).message || AssistantMsg.STREAM_ERROR
          notify.error(msg)
          setLines((ls) =>
            ls[ls.length - 1]?.type === 'left' && ls[ls.length - 1]!.content === ''
              ? [...ls.slice(0, -1), { type: 'left', content: msg }]
              : ls,
          )
        }
      } finally {
        setBusy(false)
      }
    },
    [busy, ended, userInfoId],
  )

  const restart = () => {
    endedRef.current = false
    setEnded(false)
    void assistantApi.startOrEnd(userInfoId, 1).catch(() => undefined)
  }

  return (
    <Drawer
      open
      onClose={onClose}
      title={AssistantMsg.TITLE}
      size={Math.min(ASSISTANT_DRAWER_WIDTH, width)}
      destroyOnHidden
      classNames={{ body: 'zx-ai-body' }}
      data-testid="assistant-drawer"
      extra={
        <Button
          size="small"
          type="link"
          disabled={busy}
          onClick={() => {
            clearHistory(userInfoId)
            setLines([])
          }}
        >
          清空记录
        </Button>
      }
    >
      <div className="zx-ai-list" ref={list} onScroll={onScroll} data-testid="assistant-messages">
        <div className="zx-ai-line left">
          <div className="zx-ai-bubble">{ASSISTANT_GREETING}</div>
        </div>
        <Space wrap className="zx-ai-quick">
          {ASSISTANT_QUICK_QUESTIONS.map((q) => (
            <Button key={q} size="small" disabled={ended} onClick={() => void send(q)} data-testid="assistant-quick">
              {q}
            </Button>
          ))}
        </Space>
        {lines.map((l, i) => (
          <div key={i} className={`zx-ai-line ${l.type}`} data-testid={`assistant-${l.type}`}>
            <div className="zx-ai-bubble">
              {l.type === 'left' && l.source && (
                <Typography.Text type="secondary" className="zx-ai-source">
                  来源：{l.source}
                </Typography.Text>
              )}
              {l.content || (busy && i === lines.length - 1 ? '…' : '')}
            </div>
          </div>
        ))}
      </div>
      <div className="zx-ai-input">
        <Input.TextArea
          rows={4}
          value={input}
          disabled={ended}
          maxLength={ASSISTANT_MAX_MESSAGE}
          data-testid="assistant-input"
          placeholder={ended ? AssistantMsg.ENDED : '请输入您的问题，Enter 发送，Shift+Enter 换行'}
          onChange={(e) => setInput(e.target.value)}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault()
              void send(input)
            }
          }}
        />
        <Space className="zx-ai-actions">
          {ended && (
            <Button onClick={restart} data-testid="assistant-restart">
              开始新对话
            </Button>
          )}
          <Button type="primary" disabled={ended} onClick={() => void send(input)} data-testid="assistant-send">
            发送
          </Button>
        </Space>
      </div>
    </Drawer>
  )
}
