import { App, Table } from 'antd'
import { useState, type ChangeEvent } from 'react'
import type { Envelope } from '@zhixiao/shared'
import { ApiError } from '../api/client'
import { uploadFile } from '../api/download'
import { notify } from '../api/feedback'

interface RowError { row: number; reason: string }

/**
 * An all-or-nothing Excel import (organisation setup, alliance schools): the chosen file is uploaded to `url` (or by
 * `send`, an upload() of the import's contract); on
 * success its message shows and `onImported` runs; a file with bad rows adds nothing and every bad row is listed
 * with its reason, so the file can be fixed and uploaded again. Wire `pick` to a hidden file input's onChange.
 */
export function useExcelImport(send: string | ((file: File) => Promise<Envelope<unknown>>), onImported: () => void) {
  const { modal } = App.useApp()
  const [busy, setBusy] = useState(false)
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setBusy(true)
    try {
      const env = typeof send === 'string' ? await uploadFile<{ imported: number }>(send, file) : await send(file)
      notify.success(env.msg)
      onImported()
    } catch (err) {
      const errors = err instanceof ApiError ? (err.data as { errors?: RowError[] } | null)?.errors : undefined
      if (errors?.length) {
        modal.error({
          title: err instanceof ApiError ? err.message : '导入失败', width: 'min(560px, calc(100vw - 32px))',
          content: <Table<RowError> size="small" rowKey="row" pagination={{ pageSize: 8 }} dataSource={errors}
            columns={[{ title: '行号', dataIndex: 'row', width: 80 }, { title: '原因', dataIndex: 'reason' }]} />,
        })
      }
    } finally { setBusy(false) }
  }
  return { busy, pick }
}
