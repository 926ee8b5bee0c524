import { CMS_IMAGE_PATH, CmsMsg, ErrorCode, IMAGE_MAX_BYTES } from '@zhixiao/shared'
import { randomUUID } from 'node:crypto'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { forbidden, refused } from '../../platform/errors.js'
import { loadGrants } from '../../platform/permissions.js'
import { findImage, insertImage } from './image-queries.js'

/** Who may upload: news editors (cms_news_mgr) and portal layout editors (sc_menhu_pc). */
const UPLOAD_CODES = ['cms_news_mgr', 'sc_menhu_pc'] as const

/** The image type from its first bytes; the declared type and file name are not trusted (and SVG is never accepted). */
function sniffImage(b: Buffer): string | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif'
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp'
  return null
}

export async function uploadImage(ctx: AppContext, auth: AuthInfo, data: Buffer): Promise<{ url: string; id: string }> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { permissions } = await loadGrants(trx, auth.userInfoId)
    if (!UPLOAD_CODES.some((c) => permissions.includes(c))) throw forbidden()
    if (!data.length) throw refused(ErrorCode.BAD_REQUEST, CmsMsg.IMAGE_REQUIRED)
    if (data.length > IMAGE_MAX_BYTES) throw refused(ErrorCode.BAD_REQUEST, CmsMsg.IMAGE_TOO_LARGE)
    const mime = sniffImage(data)
    if (!mime) throw refused(ErrorCode.BAD_REQUEST, CmsMsg.IMAGE_TYPE)
    const id = randomUUID()
    await insertImage(trx, { id, org_id: auth.orgId, mime, size: data.length, data, created_by: auth.userInfoId })
    return { id, url: `${CMS_IMAGE_PATH}/${auth.tenantId}/${id}` }
  })
}

/** An uploaded image by its unguessable key inside its tenant; null when there is none. */
export async function readImage(
  ctx: AppContext,
  tenantId: number,
  id: string,
): Promise<{ mime: string; data: Buffer } | null> {
  return (await ctx.db.tenant(tenantId, (trx) => findImage(trx, id))) ?? null
}
