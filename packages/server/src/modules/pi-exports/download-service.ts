import { timingSafeEqual } from 'node:crypto'
import { ErrorCode, EXPORT_KIND_LABEL, ExportMsg } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { logPersonalAccess } from '../privacy/access-log.js'
import { countDownload, findRequestFile, lockRequest } from './queries.js'

const sameToken = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))

/**
 * The approved file, to its requester only, while its link is valid: a request of someone else answers 403, a file
 * not ready 409, an expired link 410 (the file is dropped from the database at expiry). Each download is counted, and
 * logged (the operation log and one access-log line without a subject, like a bulk export's).
 */
export function downloadExport(
  ctx: AppContext,
  auth: AuthInfo,
  b: { id: number; token: string },
): Promise<{ file: Buffer; name: string }> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await lockRequest(trx, b.id)
    if (!r) throw notFound(ExportMsg.NOT_FOUND)
    if (Number(r.requester_account_id) !== auth.accountId)
      throw new AppError(ErrorCode.FORBIDDEN, ExportMsg.NOT_REQUESTER, 403)
    if (r.status !== 'done') throw refused(ErrorCode.CONFLICT, ExportMsg.NOT_READY)
    if (!r.expires_at || r.expires_at <= ctx.clock.now()) throw new AppError(ErrorCode.GONE, ExportMsg.EXPIRED, 410)
    if (!r.token || !sameToken(r.token, b.token)) throw notFound(ExportMsg.BAD_TOKEN)
    const f = await findRequestFile(trx, b.id)
    if (!f?.file) throw new AppError(ErrorCode.GONE, ExportMsg.EXPIRED, 410)
    const { download_count: n } = await countDownload(trx, b.id, ctx.clock.now())
    await recordOp(trx, auth, {
      module: '个人信息保护',
      action: '下载导出文件',
      target: `#${b.id}`,
      detail: { downloads: n },
      important: true,
    })
    await logPersonalAccess(trx, auth, {
      action: 'export',
      fields: [],
      subjects: [],
      bulkOrgId: Number(r.org_id),
      purpose: `导出申请#${b.id}下载（第${n}次）：${EXPORT_KIND_LABEL[r.kind]}${r.full_values ? '完整信息' : ''}`,
    })
    // PGlite hands bytea back as a plain Uint8Array: wrap it (no copy).
    const file = Buffer.from(f.file.buffer, f.file.byteOffset, f.file.byteLength)
    return { file, name: r.file_name ?? `导出_${b.id}.xlsx` }
  })
}
