import { randomUUID } from 'node:crypto'
import { CMS_IMAGE_PATH, type Block } from '@zhixiao/shared'
import type { Db } from '../database.js'
import type { Trx } from '../database.js'
import { ensureNewsTypes } from '../../modules/cms/news-service.js'
import { sanitizeHtml } from '../../modules/cms/sanitize.js'
import { demoPicture, type Motif, type Rgb } from './demo-images.js'

/** A picture stored as an uploaded image of the org (cms_image), returned as the URL the upload API answers. */
interface Picture {
  motif: Motif
  from: Rgb
  to: Rgb
  accent: Rgb
}
async function image(
  trx: Trx,
  tenantId: number,
  orgId: number,
  pic: Picture,
  size: 'banner' | 'cover' = 'banner',
): Promise<string> {
  const id = randomUUID()
  const data = demoPicture(pic.motif, pic.from, pic.to, pic.accent, size)
  await trx
    .insertInto('cms_image')
    .values({ id, org_id: orgId, mime: 'image/png', size: data.length, data, created_by: null })
    .execute()
  return `${CMS_IMAGE_PATH}/${tenantId}/${id}`
}

const BLUE: Picture = { motif: 'hills', from: [22, 119, 255], to: [114, 46, 209], accent: [64, 169, 255] }
const GREEN: Picture = { motif: 'books', from: [19, 194, 194], to: [82, 196, 26], accent: [250, 219, 20] }
const ORANGE: Picture = { motif: 'bars', from: [250, 140, 22], to: [245, 34, 45], accent: [255, 236, 61] }
const PURPLE: Picture = { motif: 'bubbles', from: [114, 46, 209], to: [235, 47, 150], accent: [255, 214, 231] }

interface DemoNews {
  org: number
  type: string
  title: string
  body: string
  confirm?: number
  isPublic?: boolean
  top?: boolean
  daysAgo: number
  cover?: Picture
}

/** Demo news (one asking for confirmation), banners and a school home layout for the demo district. */
export async function seedDemoCms(
  db: Db,
  tenantId: number,
  ids: { bureau: number; primary: number; middle: number; college: number },
  now = new Date(),
): Promise<void> {
  await db.tenant(tenantId, async (trx) => {
    await ensureNewsTypes(trx)
    const types = new Map(
      (await trx.selectFrom('cms_news_type').select(['id', 'name']).execute()).map((t) => [t.name, t.id]),
    )
    const p = (s: string) => `<p>${s}</p>`
    const news: DemoNews[] = [
      {
        org: ids.bureau,
        type: '通知公告',
        title: '关于做好冬季校园安全工作的通知',
        body: p('各学校：请于本周内完成校园安全隐患排查，并在系统中确认已阅。'),
        confirm: 1,
        top: true,
        daysAgo: 1,
      },
      {
        org: ids.bureau,
        type: '教育动态',
        title: '示范区教育局召开学期工作推进会',
        body: p('会议总结了本学期重点工作，部署了下一阶段任务。'),
        isPublic: true,
        daysAgo: 2,
      },
      {
        org: ids.bureau,
        type: '教育动态',
        title: '示范区中小学生艺术节开幕',
        body: p('来自全区的二十余所学校参加了开幕式展演。'),
        isPublic: true,
        daysAgo: 5,
      },
      {
        org: ids.bureau,
        type: '教育动态',
        title: '全区中小学青年教师基本功大赛落幕',
        body: p('来自各校的六十余名青年教师参加了教学设计、课堂展示和板书比赛。'),
        isPublic: true,
        daysAgo: 7,
        cover: ORANGE,
      },
      {
        org: ids.bureau,
        type: '政策文件',
        title: '示范区“书香校园”阅读季实施方案',
        body: p('各学校结合实际组织阅读季活动，每周安排不少于一节阅读课。'),
        daysAgo: 9,
        cover: GREEN,
      },
      {
        org: ids.primary,
        type: '学校新闻',
        title: '第一实验小学举办科技节',
        body: p('同学们展示了机器人、航模等百余件科技作品。'),
        isPublic: true,
        daysAgo: 1,
        cover: BLUE,
      },
      {
        org: ids.primary,
        type: '通知公告',
        title: '期末考试安排',
        body: p('期末考试将于下月中旬进行，请各班做好复习安排。'),
        daysAgo: 3,
      },
      {
        org: ids.primary,
        type: '校园活动',
        title: '冬季长跑活动启动',
        body: p('每天大课间全校开展冬季长跑。'),
        daysAgo: 4,
      },
      {
        org: ids.primary,
        type: '校园活动',
        title: '秋季田径运动会圆满举行',
        body: p('全校十四个班级的同学参加了跑步、跳远和接力比赛，三年级(2)班获得团体第一名。'),
        isPublic: true,
        daysAgo: 6,
        cover: PURPLE,
      },
      {
        org: ids.primary,
        type: '学校新闻',
        title: '一年级新生开笔礼',
        body: p('一年级新同学在老师和家长的见证下写下人生第一个“人”字。'),
        isPublic: true,
        daysAgo: 10,
        cover: GREEN,
      },
      {
        org: ids.middle,
        type: '学校新闻',
        title: '第二中学开展秋季研学实践活动',
        body: p('七、八年级同学走进科技馆和农业示范园，完成研学任务单。'),
        isPublic: true,
        daysAgo: 2,
        cover: BLUE,
      },
      {
        org: ids.middle,
        type: '通知公告',
        title: '九年级家长会通知',
        body: p('九年级家长会定于本周五下午召开，请家长准时参加。'),
        daysAgo: 3,
      },
      {
        org: ids.college,
        type: '学校新闻',
        title: '我院学子获省职业技能大赛一等奖',
        body: p('机电工程系代表队在工业机器人赛项中获得一等奖。'),
        isPublic: true,
        daysAgo: 2,
        cover: ORANGE,
      },
      {
        org: ids.college,
        type: '校园活动',
        title: '工匠实训楼投入使用',
        body: p('新建实训楼设有机电、数控、工业机器人和电商直播等实训室。'),
        daysAgo: 5,
        cover: PURPLE,
      },
    ]
    for (const n of news) {
      // A news item with a picture shows it as its cover and at the top of its body, as an editor's upload would.
      const cover = n.cover ? await image(trx, tenantId, n.org, n.cover, 'cover') : null
      await trx
        .insertInto('cms_news')
        .values({
          org_id: n.org,
          type_id: types.get(n.type)!,
          new_level: n.org === ids.bureau ? 2 : 1,
          title: n.title,
          cover,
          content: sanitizeHtml(`${cover ? `<p><img src="${cover}" alt="${n.title}"></p>` : ''}${n.body}`),
          source: null,
          status: 1,
          publish_time: new Date(+now - n.daysAgo * 86_400_000),
          confirm: n.confirm ?? 0,
          is_public: n.isPublic ?? false,
          top: n.top ?? false,
          created_by: null,
        })
        .execute()
    }
    // Carousels: the bureau's (shown on every home whose org has none of its own), the primary school's and the college's.
    const banners: [org: number, title: string, pic: Picture][] = [
      [ids.bureau, '智慧教育 共建共享', BLUE],
      [ids.bureau, '书香校园 阅读启航', GREEN],
      [ids.primary, '科技点亮童年', PURPLE],
      [ids.primary, '阳光体育 快乐成长', ORANGE],
      [ids.college, '匠心筑梦 技能成才', ORANGE],
    ]
    for (const [i, [org, title, pic]] of banners.entries()) {
      await trx
        .insertInto('banner')
        .values({ org_id: org, title, image_url: await image(trx, tenantId, org, pic), link: null, sort: i })
        .execute()
    }
    const school: Block[] = [
      { type: 'carousel', title: '', span: 24, status: 0, settings: { speed: 3000, picList: [] } },
      { type: 'news', title: '学校新闻', span: 16, status: 0, settings: { newLevel: 1, height: 324 } },
      {
        type: 'text',
        title: '校训',
        span: 8,
        status: 0,
        settings: { text: '<p style="text-align: center"><strong>明德 至善 博学 笃行</strong></p>' },
      },
      { type: 'news', title: '教育局通知', span: 16, status: 0, settings: { newLevel: 2, height: 216 } },
      {
        type: 'qr',
        title: '手机访问',
        span: 8,
        status: 0,
        settings: { text: 'https://example.com/m/school', tip: '扫码访问移动门户' },
      },
    ]
    await trx
      .insertInto('portal_module')
      .values(
        school.map((b, i) => ({
          org_id: ids.primary,
          home_kind: 'school',
          type: b.type,
          title: b.title,
          span: b.span,
          status: b.status,
          sort: i,
          settings: JSON.stringify(b.settings),
        })),
      )
      .execute()
  })
}
