import type {
  BannerRow, BannerSaveBody, BlockInput, HomeKind, ModuleLayout, ModuleListBody, NewsAdminDetail, NewsAdminPageBody, NewsAdminRow,
  NewsDetail, NewsQueryBody, NewsRow, NewsSaveBody, NewsTypeRow,
} from '@zhixiao/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import type { PageResult } from '../../components/crud'
import { useSession } from '../../stores/session'
import { preloadFirstPicture } from './blocks/carousel-picture'

/** Query groups of the news and portal-block area; a write refreshes the groups it changes through useWrite. */
export const CmsKeys = { news: 'cmsNews', newsAdmin: 'cmsNewsAdmin', types: 'cmsTypes', layout: 'portalLayout', modules: 'portalModules', banners: 'banners' } as const

const C = '/base/api/cms2'
const M = '/base/portal/module'

/** Reading (members and visitors of one org) and confirming news (001 §7.2). */
export const newsApi = {
  page: (q: Partial<NewsQueryBody>) => request<PageResult<NewsRow>>(`${C}/open/query/page`, { body: { pageIndex: 1, pageSize: 10, ...q } }),
  detail: (id: number, orgId?: number | null) => request<NewsDetail>(`${C}/open/detail`, { params: { id, orgId }, notFoundPage: false }),
  confirm: (id: number) => requestEnvelope<null>(`${C}/open/confirm`, { body: { id } }),
  types: () => request<NewsTypeRow[]>(`${M}/getCMSTypeList`),
  jdTypes: () => request<NewsTypeRow[]>(`${M}/getJDCMSTypeList`),
}

/** News administration of the signed-in org (cms_news_mgr). */
export const newsAdminApi = {
  page: (q: Partial<NewsAdminPageBody>) => request<PageResult<NewsAdminRow>>(`${C}/news/page`, { body: q }),
  get: (id: number) => request<NewsAdminDetail>(`${C}/news/get`, { params: { id } }),
  add: (b: NewsSaveBody) => requestEnvelope<number>(`${C}/news/add`, { body: b }),
  update: (b: NewsSaveBody & { id: number }) => requestEnvelope<number>(`${C}/news/update`, { body: b }),
  remove: (id: number) => requestEnvelope<null>(`${C}/news/delete`, { body: { id } }),
  publish: (id: number) => requestEnvelope<null>(`${C}/news/publish`, { body: { id } }),
  unpublish: (id: number) => requestEnvelope<null>(`${C}/news/unpublish`, { body: { id } }),
  /** Stores an image in the database; answers its url (a cover, a carousel picture). */
  upload: (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return requestEnvelope<{ url: string; id: string }>(`${C}/image/upload`, { body: form })
  },
}

/** Portal blocks per org and home kind (001 §7.5 /base/portal/module). */
export const moduleApi = {
  layout: (homeKind: HomeKind, orgId?: number | null) => request<ModuleLayout>(`${M}/getModuleLayout`, { params: { homeKind, orgId }, notFoundPage: false }),
  list: (homeKind: HomeKind) => request<ModuleLayout>(`${M}/getModuleList`, { params: { homeKind } }),
  maintain: (b: ModuleListBody) => requestEnvelope<null>(`${M}/moduleListMaintain`, { body: b }),
  set: (homeKind: HomeKind, module: BlockInput, id?: number | null) => requestEnvelope<number>(`${M}/setModule`, { body: { homeKind, module, id } }),
  status: (id: number, status: number) => requestEnvelope<null>(`${M}/setModuleStatus`, { body: { id, status } }),
  remove: (id: number) => requestEnvelope<null>(`${M}/removeModule`, { body: { id } }),
}

/** Carousel pictures of the admin's org (/base/api/banner). */
export const bannerApi = {
  page: (pageIndex: number, pageSize: number) => request<PageResult<BannerRow>>('/base/api/banner/page', { body: { pageIndex, pageSize } }),
  add: (b: BannerSaveBody) => requestEnvelope<number>('/base/api/banner/add', { body: b }),
  update: (b: BannerSaveBody & { id: number }) => requestEnvelope<number>('/base/api/banner/update', { body: b }),
  remove: (id: number) => requestEnvelope<null>('/base/api/banner/delete', { body: { id } }),
  order: (ids: number[]) => requestEnvelope<null>('/base/api/banner/updateBannerOrderIndex', { body: { ids } }),
}

/** The blocks of one home; `orgId` names the org for visitors and for the school portal. */
/** Who is reading (membership or visitor): a switch of org or account must not show the previous reader's cache. */
function useReaderKey(): string {
  return useSession((s) => (s.userInfo ? `${s.userInfo.userInfoId}@${s.userInfo.orgId}` : 'visitor'))
}

export function useLayout(homeKind: HomeKind, orgId?: number | null, enabled = true) {
  const reader = useReaderKey()
  return useQuery({ queryKey: [CmsKeys.layout, reader, homeKind, orgId ?? null], queryFn: async () => {
    const layout = await moduleApi.layout(homeKind, orgId)
    // The first carousel picture is the home's largest paint: ask for it now, not after the blocks render.
    preloadFirstPicture(layout)
    return layout
  }, enabled, staleTime: 30_000 })
}

export function useNewsPage(q: Partial<NewsQueryBody>, enabled = true) {
  const reader = useReaderKey()
  return useQuery({ queryKey: [CmsKeys.news, reader, q], queryFn: () => newsApi.page(q), enabled, placeholderData: keepPreviousData })
}

/** School-side and bureau-side news types together, for filters and the editor. */
export function useNewsTypes(enabled = true) {
  return useQuery({
    queryKey: [CmsKeys.types], enabled, staleTime: 60_000,
    queryFn: async () => {
      const [school, jd] = await Promise.all([newsApi.types(), newsApi.jdTypes()])
      const seen = new Set<number>()
      return [...school, ...jd].filter((t) => !seen.has(t.id) && seen.add(t.id))
    },
  })
}
