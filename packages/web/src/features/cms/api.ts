import {
  bannerContracts as B,
  cmsContracts as C,
  portalModuleContracts as M,
  type BannerSaveBody,
  type BlockInput,
  type HomeKind,
  type ModuleListBody,
  type NewsAdminPageBody,
  type NewsQueryBody,
  type NewsSaveBody,
} from '@zhixiao/shared'
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import { call, callEnvelope, upload } from '../../api/call'
import { useSession } from '../../stores/session'
import { preloadFirstPicture } from './blocks/carousel-picture'

/** Query groups of the news and portal-block area; a write refreshes the groups it changes through useWrite. */
export const CmsKeys = {
  news: 'cmsNews',
  newsAdmin: 'cmsNewsAdmin',
  types: 'cmsTypes',
  layout: 'portalLayout',
  modules: 'portalModules',
  banners: 'banners',
} as const

/** Reading (members and visitors of one org) and confirming news (001 §7.2). */
export const newsApi = {
  page: (q: Partial<NewsQueryBody>) => call(C.query, { pageIndex: 1, pageSize: 10, ...q }),
  detail: (id: number, orgId?: number | null) =>
    call(C.detail, { id, orgId: orgId ?? undefined }, { notFoundPage: false }),
  confirm: (id: number) => callEnvelope(C.confirm, { id }),
  types: () => call(M.types),
  jdTypes: () => call(M.jdTypes),
}

/** News administration of the signed-in org (cms_news_mgr). */
export const newsAdminApi = {
  page: (q: Partial<NewsAdminPageBody>) => call(C.page, q),
  get: (id: number) => call(C.get, { id }),
  add: (b: NewsSaveBody) => callEnvelope(C.add, b),
  update: (b: NewsSaveBody & { id: number }) => callEnvelope(C.update, b),
  remove: (id: number) => callEnvelope(C.delete, { id }),
  publish: (id: number) => callEnvelope(C.publish, { id }),
  unpublish: (id: number) => callEnvelope(C.unpublish, { id }),
  /** Stores an image in the database; answers its url (a cover, a carousel picture). */
  upload: (file: File) => upload(C.uploadImage, file),
}

/** Portal blocks per org and home kind (001 §7.5 /base/portal/module). */
export const moduleApi = {
  layout: (homeKind: HomeKind, orgId?: number | null) =>
    call(M.layout, { homeKind, orgId: orgId ?? undefined }, { notFoundPage: false }),
  list: (homeKind: HomeKind) => call(M.list, { homeKind }),
  maintain: (b: ModuleListBody) => callEnvelope(M.maintain, b),
  set: (homeKind: HomeKind, module: BlockInput, id?: number | null) => callEnvelope(M.set, { homeKind, module, id }),
  status: (id: number, status: number) => callEnvelope(M.setStatus, { id, status }),
  remove: (id: number) => callEnvelope(M.remove, { id }),
}

/** Carousel pictures of the admin's org (/base/api/banner). */
export const bannerApi = {
  page: (pageIndex: number, pageSize: number) => call(B.page, { pageIndex, pageSize }),
  add: (b: BannerSaveBody) => callEnvelope(B.add, b),
  update: (b: BannerSaveBody & { id: number }) => callEnvelope(B.update, b),
  remove: (id: number) => callEnvelope(B.delete, { id }),
  order: (ids: number[]) => callEnvelope(B.order, { ids }),
}

/** Who is reading (membership or visitor): a switch of org or account must not show the previous reader's cache. */
const readerKey = (s: ReturnType<typeof useSession.getState>): string =>
  s.userInfo ? `${s.userInfo.userInfoId}@${s.userInfo.orgId}` : 'visitor'

function useReaderKey(): string {
  return useSession(readerKey)
}

/** The query of one home's blocks (useLayout, and the route guard's early ask: the same key, so one call). */
function layoutQuery(reader: string, homeKind: HomeKind, orgId: number | null) {
  return {
    queryKey: [CmsKeys.layout, reader, homeKind, orgId] as const,
    queryFn: async () => {
      const layout = await moduleApi.layout(homeKind, orgId)
      // The first carousel picture is the home's largest paint: ask for it now, not after the blocks render.
      preloadFirstPicture(layout)
      return layout
    },
    staleTime: 30_000,
  }
}

/** The blocks of one home; `orgId` names the org for visitors and for the school portal. */
export function useLayout(homeKind: HomeKind, orgId?: number | null, enabled = true) {
  const reader = useReaderKey()
  return useQuery({ ...layoutQuery(reader, homeKind, orgId ?? null), enabled })
}

/**
 * Asks for a home's blocks as soon as the route guard knows the user, beside the page's code rather than after it
 * renders, and ahead of the header's dozen calls: the answer names the carousel picture that is the home's largest
 * paint (issue 28, docs/performance.md).
 */
export function prefetchLayout(client: QueryClient, homeKind: HomeKind, orgId: number | null): void {
  void client.prefetchQuery(layoutQuery(readerKey(useSession.getState()), homeKind, orgId))
}

export function useNewsPage(q: Partial<NewsQueryBody>, enabled = true) {
  const reader = useReaderKey()
  return useQuery({
    queryKey: [CmsKeys.news, reader, q],
    queryFn: () => newsApi.page(q),
    enabled,
    placeholderData: keepPreviousData,
  })
}

/** School-side and bureau-side news types together, for filters and the editor. */
export function useNewsTypes(enabled = true) {
  return useQuery({
    queryKey: [CmsKeys.types],
    enabled,
    staleTime: 60_000,
    queryFn: async () => {
      const [school, jd] = await Promise.all([newsApi.types(), newsApi.jdTypes()])
      const seen = new Set<number>()
      return [...school, ...jd].filter((t) => !seen.has(t.id) && seen.add(t.id))
    },
  })
}
