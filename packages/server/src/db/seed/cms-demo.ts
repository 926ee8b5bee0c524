import { randomUUID } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { CMS_IMAGE_PATH, type Block } from '@zhixiao/shared'
import type { Db } from '../database.js'
import type { Trx } from '../database.js'
import { ensureNewsTypes } from '../../modules/cms/news-service.js'

/** A plain PNG of a horizontal two-colour gradient, so the demo carousel has pictures without shipping files. */
export function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) {
    const t = x / (width - 1)
    for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t)
  }
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0 })
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0 }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

async function image(trx: Trx, tenantId: number, orgId: number, from: [number, number, number], to: [number, number, number]): Promise<string> {
  const id = randomUUID()
  const data = gradientPng(960, 300, from, to)
  await trx.insertInto('cms_image').values({ id, org_id: orgId, mime: 'image/png', size: data.length, data, created_by: null }).execute()
  return `${CMS_IMAGE_PATH}/${tenantId}/${id}`
}

interface DemoNews { org: number; type: string; title: string; body: string; confirm?: number; isPublic?: boolean; top?: boolean; daysAgo: number }

/** Demo news (one asking for confirmation), banners and a school home layout for the demo district. */
export async function seedDemoCms(db: Db, tenantId: number, ids: { bureau: number; primary: number }, now = new Date()): Promise<void> {
  await db.tenant(tenantId, async (trx) => {
    await ensureNewsTypes(trx)
    const types = new Map((await trx.selectFrom('cms_news_type').select(['id', 'name']).execute()).map((t) => [t.name, t.id]))
    const p = (s: string) => `<p>${s}</p>`
    const news: DemoNews[] = [
      { org: ids.bureau, type: '通知公告', title: '关于做好冬季校园安全工作的通知', body: p('各学校：请于本周内完成校园安全隐患排查，并在系统中确认已阅。'), confirm: 1, top: true, daysAgo: 1 },
      { org: ids.bureau, type: '教育动态', title: '示范区教育局召开学期工作推进会', body: p('会议总结了本学期重点工作，部署了下一阶段任务。'), isPublic: true, daysAgo: 2 },
      { org: ids.bureau, type: '教育动态', title: '示范区中小学生艺术节开幕', body: p('来自全区的二十余所学校参加了开幕式展演。'), isPublic: true, daysAgo: 5 },
      { org: ids.primary, type: '学校新闻', title: '第一实验小学举办科技节', body: p('同学们展示了机器人、航模等百余件科技作品。'), isPublic: true, daysAgo: 1 },
      { org: ids.primary, type: '通知公告', title: '期末考试安排', body: p('期末考试将于下月中旬进行，请各班做好复习安排。'), daysAgo: 3 },
      { org: ids.primary, type: '校园活动', title: '冬季长跑活动启动', body: p('每天大课间全校开展冬季长跑。'), daysAgo: 4 },
    ]
    for (const n of news) {
      await trx.insertInto('cms_news').values({
        org_id: n.org, type_id: types.get(n.type)!, new_level: n.org === ids.bureau ? 2 : 1, title: n.title, cover: null, content: n.body, source: null,
        status: 1, publish_time: new Date(+now - n.daysAgo * 86_400_000), confirm: n.confirm ?? 0, is_public: n.isPublic ?? false, top: n.top ?? false, created_by: null,
      }).execute()
    }
    const banners: [string, [number, number, number], [number, number, number]][] = [
      ['智慧教育 共建共享', [22, 119, 255], [114, 46, 209]], ['书香校园 阅读启航', [19, 194, 194], [82, 196, 26]],
    ]
    for (const [i, [title, from, to]] of banners.entries()) {
      await trx.insertInto('banner').values({ org_id: ids.bureau, title, image_url: await image(trx, tenantId, ids.bureau, from, to), link: null, sort: i }).execute()
    }
    const school: Block[] = [
      { type: 'carousel', title: '', span: 24, status: 0, settings: { speed: 3000, picList: [] } },
      { type: 'news', title: '学校新闻', span: 16, status: 0, settings: { newLevel: 1, height: 324 } },
      { type: 'text', title: '校训', span: 8, status: 0, settings: { text: '<p style="text-align: center"><strong>明德 至善 博学 笃行</strong></p>' } },
      { type: 'news', title: '教育局通知', span: 16, status: 0, settings: { newLevel: 2, height: 216 } },
      { type: 'qr', title: '手机访问', span: 8, status: 0, settings: { text: 'https://example.com/m/school', tip: '扫码访问移动门户' } },
    ]
    await trx.insertInto('portal_module').values(school.map((b, i) => ({
      org_id: ids.primary, home_kind: 'school', type: b.type, title: b.title, span: b.span, status: b.status, sort: i, settings: JSON.stringify(b.settings),
    }))).execute()
  })
}
