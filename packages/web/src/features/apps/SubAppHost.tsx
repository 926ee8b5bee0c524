import { AppMsg, subAppHostOf, type AppRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Result, Spin } from 'antd'
import { useEffect, useMemo, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router'
import { startupAppName } from '../../bootstrap/app-name'
import type { PageProps } from '../../navigation/page-props'
import { casApi } from '../cas/api'
import { AppKeys, appsApi } from './api'
import './apps.css'

/** The frame's address: the entry with the once-token (000 §2.4 accesstoken) and the trailing page, if any. */
export function frameSrc(entryUrl: string, onceToken: string, page: string): string {
  const url = new URL(entryUrl, window.location.href)
  url.searchParams.set('accesstoken', onceToken)
  if (page) url.searchParams.set('page', page)
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : url.toString()
}

/**
 * The frame's sandbox. Scripts and forms only; allow-same-origin is added for an entry on another origin, where
 * the app keeps its own origin (its storage, its cookies) and the same-origin policy still walls it off from the
 * portal. A same-origin entry never gets it: with both allow-scripts and allow-same-origin it could reach into
 * the portal page and lift its own sandbox. It runs with an opaque origin and calls the API with the bearer token
 * it swapped for (the API answers CORS without credentials, server platform/cors.ts). No top navigation, no popups.
 */
export function sandboxFor(entryUrl: string): string {
  const sameOrigin = new URL(entryUrl, window.location.href).origin === window.location.origin
  return sameOrigin ? 'allow-scripts allow-forms' : 'allow-scripts allow-forms allow-same-origin'
}

/** The tab's title while the host page is shown; the previous one comes back when it goes. */
function useDocumentTitle(name: string): void {
  useEffect(() => {
    const before = document.title
    document.title = name
    return () => {
      document.title = before
    }
  }, [name])
}

function Refusal({ path, title, text }: { path: string; title: string; text: string }) {
  const navigate = useNavigate()
  return (
    <div data-page={path} data-testid="subapp-refused">
      <Result
        status="warning"
        title={text}
        subTitle={title}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            返回首页
          </Button>
        }
      />
    </div>
  )
}

function OpenTopLevel({ path, name, url }: { path: string; name: string; url: string }) {
  return (
    <div data-page={path} data-testid="subapp-top-level">
      <Result
        status="info"
        title={name}
        subTitle="此应用需在新窗口中打开"
        extra={
          <Button type="primary" href={url} target="_blank" rel="noopener noreferrer">
            在新窗口打开
          </Button>
        }
      />
    </div>
  )
}

/**
 * A CAS app in the frame (docs/open-platform.md "CAS"): its first registered service with a fresh service ticket,
 * which the app validates at /p3/serviceValidate like any CAS client; fetched once per mount, like the once-token.
 */
function CasFrame({ path, app }: { path: string; app: AppRow }) {
  const launch = useQuery({
    queryKey: [AppKeys.hosted, 'cas', app.appId],
    queryFn: () => casApi.launch(app.appId),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  })
  if (launch.isLoading) return <Spin style={{ display: 'block', margin: '96px auto' }} />
  if (!launch.data) {
    const why = launch.error instanceof Error ? launch.error.message : '无法打开应用，请稍后重试'
    return <Refusal path={path} title={app.name} text={why} />
  }
  return (
    <div data-page={path} data-testid="subapp-host">
      <iframe
        className="zx-subapp-frame"
        title={app.name}
        data-app={app.uniqueId}
        src={launch.data.url}
        sandbox={sandboxFor(launch.data.url)}
        referrerPolicy="no-referrer"
      />
    </div>
  )
}

function Frame({ path, app, page }: { path: string; app: AppRow & { entryUrl: string }; page: string }) {
  // A fresh once-token per mount, never refetched while the frame lives (a new token would reload the frame).
  const token = useQuery({
    queryKey: [AppKeys.hosted, 'token', app.appId, page],
    queryFn: appsApi.onceToken,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  })
  if (token.isLoading) return <Spin style={{ display: 'block', margin: '96px auto' }} />
  if (!token.data) return <Refusal path={path} title={app.name} text="无法打开应用，请稍后重试" />
  return (
    <div data-page={path} data-testid="subapp-host">
      <iframe
        className="zx-subapp-frame"
        title={app.name}
        data-app={app.uniqueId}
        src={frameSrc(app.entryUrl, token.data.onceToken, page)}
        sandbox={sandboxFor(app.entryUrl)}
        referrerPolicy="no-referrer"
      />
    </div>
  )
}

/**
 * Host page of every sub-application route (000 §2.1, DESIGN.md "Sub-applications"): finds the app registered for
 * the route, refuses as the launcher does (scrapped, expired, no permission), and otherwise mounts its entry in a
 * sandboxed frame, handing over the session by a once-token. An unregistered route says so, never a blank.
 */
export default function SubAppHost({ path, title: routeTitle }: PageProps) {
  const route = path.replace(/\/\*$/, '')
  const page = useParams()['*'] ?? ''
  const hosted = useQuery({
    queryKey: [AppKeys.hosted, route],
    queryFn: () => appsApi.hosted(route),
    staleTime: 0,
    retry: false,
  })
  // currentAppName (000 §2.4, docs/config-center.md "Startup"): the name the opener gave, until the registry names the app.
  const handedOver = useMemo(() => {
    const saved = startupAppName()
    return saved && subAppHostOf(saved.path) === route ? saved.name : null
  }, [route])
  const title = handedOver ?? routeTitle
  const found = hosted.data
  useDocumentTitle(found?.app.name ?? title)
  let refusal: ReactNode = null
  if (hosted.isLoading) {
    return (
      <div data-page={path} data-testid="subapp-loading">
        <h2 className="zx-subapp-title">{title}</h2>
        <Spin style={{ display: 'block', margin: '72px auto' }} />
      </div>
    )
  }
  if (!found) refusal = <Refusal path={path} title={title} text={AppMsg.NOT_REGISTERED} />
  else if (found.app.isScrap) refusal = <Refusal path={path} title={found.app.name} text={AppMsg.SCRAPPED} />
  else if (found.app.hasExpire) refusal = <Refusal path={path} title={found.app.name} text={AppMsg.EXPIRED} />
  else if (!found.mayOpen) refusal = <Refusal path={path} title={found.app.name} text={AppMsg.NO_PERMISSION} />
  else if (!found.app.entryUrl && found.app.protocol !== 'cas') {
    refusal = <Refusal path={path} title={found.app.name} text={AppMsg.NOT_REGISTERED} />
  }
  if (!refusal && found?.app.protocol === 'cas') return <CasFrame key={route} path={path} app={found.app} />
  if (refusal || !found?.app.entryUrl) return refusal
  // An OpenID app never runs in this frame (its provider's cookies are SameSite=Lax): it opens top-level (open-app.ts).
  if (found.app.protocol === 'oidc') return <OpenTopLevel path={path} name={found.app.name} url={found.app.entryUrl} />
  return <Frame key={`${route}/${page}`} path={path} app={{ ...found.app, entryUrl: found.app.entryUrl }} page={page} />
}
