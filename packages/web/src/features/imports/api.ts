import { ImportStatus, importLogContracts as L, type ImportKind, type ImportTask } from '@zhixiao/shared'
import { call, callEnvelope, download } from '../../api/call'

/** /base/api/commonImportLog (docs/people.md): the caller's running tasks, cancel, and the log of finished ones. */
export const importApi = {
  /** Queued and running tasks of the caller (and ones that just ended), polled by the floating panel. */
  current: () => call(L.currentTasks, undefined, { showError: false }),
  cancel: (id: number) => callEnvelope(L.cancelTask, { id }),
  detail: (id: number) => call(L.logDetail, { id }, { showError: false, notFoundPage: false }),
  logPage: (q: { type?: ImportKind; pageIndex: number; pageSize: number }) => call(L.logPage, q),
  /** The rejected rows' numbers and reasons (no row data), for a page to list. */
  reasons: (id: number) => call(L.logReasons, { id }),
  /** The rejected rows of a job, with their reasons, as .xlsx. */
  downloadErrors: (t: Pick<ImportTask, 'importLogId' | 'fileName'>) =>
    download(L.logErrors, `${t.fileName.replace(/\.xlsx$/i, '')}-失败数据.xlsx`, { id: t.importLogId }),
}

/** A task still to finish (queued or running). */
export const isActive = (t: Pick<ImportTask, 'status'>): boolean =>
  t.status === ImportStatus.QUEUED || t.status === ImportStatus.RUNNING
