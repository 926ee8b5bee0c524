import { NewsLevel, type Block, type HomeKind } from '@zhixiao/shared'

const news = (title: string, span: 8 | 12 | 16 | 24, height: 324 | 216 | 108, newLevel = 0): Block => ({
  type: 'news',
  title,
  span,
  status: 0,
  settings: { newLevel, height, noticeType: null },
})
const carousel: Block = { type: 'carousel', title: '', span: 24, status: 0, settings: { speed: 3000, picList: [] } }
const text = (title: string, html: string, span: 8 | 12 | 16 | 24): Block => ({
  type: 'text',
  title,
  span,
  status: 0,
  settings: { text: html },
})

/**
 * What a home shows when neither its org nor any org above it configured it: the org's banners and its news.
 * The layout editor starts from these.
 */
export function defaultBlocks(kind: HomeKind): Block[] {
  switch (kind) {
    case 'bureau':
      return [
        carousel,
        news('通知公告', 16, 324),
        news('教育动态', 8, 324, NewsLevel.BUREAU),
        news('学校新闻', 24, 216, NewsLevel.SCHOOL),
      ]
    case 'school':
      return [carousel, news('学校新闻', 16, 324, NewsLevel.SCHOOL), news('上级通知', 8, 324, NewsLevel.BUREAU)]
    case 'personal':
      return [
        { type: 'apps', title: '常用应用', span: 24, status: 0, settings: {} },
        news('通知公告', 12, 216),
        news('教育动态', 12, 216, NewsLevel.BUREAU),
      ]
    case 'class':
      return [news('通知公告', 16, 324), text('班级寄语', '<p>团结 勤奋 求实 创新</p>', 8)]
    case 'open':
      return [carousel, news('新闻动态', 24, 324)]
    case 'general':
      return [carousel, news('通知公告', 16, 324), news('教育动态', 8, 324, NewsLevel.BUREAU)]
  }
}
