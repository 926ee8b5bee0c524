import { describe, expect, it } from 'vitest'
import { CmsMsg, blockInput, imageUrl, newsPageSizeFor, newsSaveBody } from '../src/index.js'

describe('news block page sizes (001 §9)', () => {
  it('9, 6 and 3 items for heights 324, 216 and 108', () => {
    expect([324, 216, 108].map(newsPageSizeFor)).toEqual([9, 6, 3])
  })
})

describe('block settings', () => {
  it('fill the defaults of §9: carousel 3000 ms, swiper 2000 ms with gap 24, video cover-until-clicked', () => {
    expect(blockInput.parse({ type: 'carousel', settings: {} })).toMatchObject({
      span: 12,
      status: 0,
      settings: { speed: 3000, picList: [] },
    })
    expect(blockInput.parse({ type: 'swiper', settings: {} }).settings).toEqual({ speed: 2000, gap: 24, items: [] })
    expect(
      blockInput.parse({ type: 'video', settings: { videoUrl_decode: 'https://e.com/v.mp4' } }).settings,
    ).toMatchObject({ autoPlayMode: 1 })
  })

  it('refuse other carousel speeds, news heights and non-http videos', () => {
    expect(blockInput.safeParse({ type: 'carousel', settings: { speed: 1000 } }).success).toBe(false)
    expect(blockInput.safeParse({ type: 'news', settings: { height: 300 } }).success).toBe(false)
    expect(blockInput.safeParse({ type: 'video', settings: { videoUrl_decode: 'javascript:alert(1)' } }).success).toBe(
      false,
    )
  })
})

describe('image references', () => {
  it('take http(s) URLs and our uploaded images only', () => {
    expect(imageUrl.safeParse('https://example.com/a.png').success).toBe(true)
    expect(imageUrl.safeParse('/base/api/cms2/open/image/3/0f8c2a4e-1b2c-4d5e-8f90-123456789abc').success).toBe(true)
    const bad = imageUrl.safeParse('javascript:alert(1)')
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.message).toBe(CmsMsg.IMAGE_URL)
  })

  it('a news item needs a title and a type', () => {
    const r = newsSaveBody.safeParse({ title: ' ', content: '<p>x</p>', noticeType: 1 })
    expect(r.error?.issues[0]?.message).toBe(CmsMsg.TITLE_REQUIRED)
  })
})
