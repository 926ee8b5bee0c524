import type { BannerRow, BlockOf, ModuleLayout, PicItem } from '@zhixiao/shared'

/** The pictures a carousel shows: the block's own, else the org's banners. */
export function carouselPictures(settings: BlockOf<'carousel'>['settings'], banners: BannerRow[]): PicItem[] {
  return settings.picList.length
    ? settings.picList
    : banners.map((b) => ({ id: String(b.id), decryUrl: b.imageUrl, link: b.link, descType: 1, descContent: b.title }))
}

/**
 * The first picture of the first shown carousel of a home: usually the largest thing on the screen (Lighthouse's LCP
 * on /portal/home). Asked for as soon as the layout arrives, before React renders the blocks (preloadFirstPicture).
 */
function firstCarouselPicture(layout: ModuleLayout): string | null {
  const block = layout.modules.find((m) => m.type === 'carousel' && m.status === 0)
  return block?.type === 'carousel' ? (carouselPictures(block.settings, layout.banners)[0]?.decryUrl ?? null) : null
}

const preloaded = new Set<string>()
/** A high-priority image preload in <head>, once per address. */
export function preloadFirstPicture(layout: ModuleLayout): void {
  const url = firstCarouselPicture(layout)
  if (!url || preloaded.has(url)) return
  preloaded.add(url)
  const link = document.createElement('link')
  link.rel = 'preload'
  link.as = 'image'
  link.href = url
  link.fetchPriority = 'high'
  document.head.appendChild(link)
}
