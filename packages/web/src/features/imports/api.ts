import { ImportStatus, type ImportKind, type ImportTask } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'
import { downloadFile } from '../../api/download'
import type { PageResult } from '../../components/crud'

const L = '/base/api/commonImportLog'

/** /base/api/commonImportLog (docs/people.md): the caller's running tasks, cancel, and the log of finished ones. */
export const importApi = {
  /** Queued and running tasks of the caller (and ones that just ended), polled by the floating panel. */
  current: () => request<ImportTask[]>(`${L}/task/current`, { showError: false }),
  cancel: (id: number) => requestEnvelope<null>(`${L}/task/cancel`, { body: { id } }),
  detail: (id: number) => request<ImportTask>(`${L}/log/detail`, { params: { id }, showError: false, notFoundPage: false }),
  logPage: (q: { type?: ImportKind; pageIndex: number; pageSize: number }) => request<PageResult<ImportTask>>(`${L}/log/page`, { body: q }),
  /** The rejected rows of a job, with their reasons, as .xlsx. */
  downloadErrors: (t: Pick<ImportTask, 'importLogId' | 'fileName'>) =>
    downloadFile(`${L}/log/errors`, `${t.fileName.replace(/\.xlsx$/i, '')}-失败数据.xlsx`, { params: { id: t.importLogId } }),
}

/** A task still to finish (queued or running). */
export const isActive = (t: Pick<ImportTask, 'status'>): boolean => t.status === ImportStatus.QUEUED || t.status === ImportStatus.RUNNING
