import { NOTICE_KINDS, NOTICE_LABEL, noticeVersionName, type NoticeDoc, type NoticeKind } from '@zhixiao/shared'
import { useEffect, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { noticeApi } from './api'
import { noticeHref, type NoticeScope } from './notice-href'
import './notice.css'

const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined)

/**
 * /privacy/:kind (服务条款, 隐私政策, 儿童个人信息保护规则): the tenant's current published version, opened from the
 * login and sign-up pages before any session (?tenantId= or ?orgId= names the tenant). Plain HTML like the login page;
 * the body was cleaned by the server's allow-list when it was saved, so it is rendered as it is.
 */
export default function NoticePage({ path }: { path: string }) {
  const { kind: raw } = useParams()
  const [params] = useSearchParams()
  const kind = NOTICE_KINDS.find((k) => k === raw)
  const scope: NoticeScope = { tenantId: positive(params.get('tenantId')), orgId: positive(params.get('orgId')) }
  const [state, setState] = useState<{ key: string; doc: NoticeDoc | null; failed?: boolean }>()
  const key = `${kind}|${scope.tenantId}|${scope.orgId}`
  useEffect(() => {
    if (!kind) return
    let live = true
    noticeApi.current(kind, scope).then(
      (doc) => live && setState({ key, doc }),
      () => live && setState({ key, doc: null, failed: true }),
    )
    return () => {
      live = false
    }
  }, [key])
  const title = kind ? NOTICE_LABEL[kind] : '平台文档'
  useEffect(() => {
    document.title = title
  }, [title])
  const loaded = state?.key === key ? state : undefined
  return (
    <main className="zx-notice" data-page={path}>
      <nav className="zx-notice-tabs" aria-label="平台文档">
        {NOTICE_KINDS.map((k: NoticeKind) => (
          <a key={k} href={noticeHref(k, scope)} aria-current={k === kind ? 'page' : undefined}>
            {NOTICE_LABEL[k]}
          </a>
        ))}
      </nav>
      {!kind ? (
        <p role="alert">没有这份文档。</p>
      ) : !loaded ? (
        <p aria-busy="true">加载中…</p>
      ) : loaded.doc ? (
        <article>
          <h1>{loaded.doc.title}</h1>
          <p className="zx-notice-meta" data-testid="notice-version">
            版本 {noticeVersionName(loaded.doc.version ?? 0)} · 发布于 {loaded.doc.publishedAt}
          </p>
          <div className="zx-notice-body" dangerouslySetInnerHTML={{ __html: loaded.doc.body }} />
        </article>
      ) : (
        <p role="status">{loaded.failed ? '加载失败，请稍后再试。' : `本平台尚未发布《${title}》。`}</p>
      )}
    </main>
  )
}
