import { ConsentMsg, ErrorCode } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import { AppError } from '../../platform/errors.js'
import { latestLine } from './queries.js'

/**
 * The faceData purpose's gate (issue 26 point 5; docs/privacy.md "Face data"). Zhixiao collects no face data today:
 * no column, upload or import holds a face image or template. Whatever first stores one (a gate or attendance
 * integration, a face upload) calls this in the transaction that stores it, so nothing of a child's face is kept
 * unless a guardian's faceData consent is in force at that moment (the latest line given); a withdrawal stops the next
 * collection. Refuses with 403 and a Chinese message otherwise.
 */
export async function requireFaceDataConsent(trx: Trx, childId: number): Promise<void> {
  const line = await latestLine(trx, childId, 'faceData', null)
  if (line?.given !== true) throw new AppError(ErrorCode.FORBIDDEN, ConsentMsg.FACE_NOT_GIVEN, 403)
}
