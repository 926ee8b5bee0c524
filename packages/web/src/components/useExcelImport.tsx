import { App, Table } from 'antd'
import { useState, type ChangeEvent } from 'react'
import type { AnyContract } from '@zhixiao/shared'
import { upload, type CallOptions } from '../api/call'
import { ApiError } from '../api/client'
import { notify } from '../api/feedback'

interface RowError {
  row: number
  reason: string
}

/**
 * An all-or-nothing Excel import (organisation setup, alliance schools): the chosen file is uploaded by `to`, an
 * upload contract, with `opts`; on
 * success its message shows and `onImported` runs; a file with bad rows adds nothing and every bad row is listed
 * with its reason, so the file can be fixed and uploaded again. Wire `pick` to a hidden file input's onChange.
 */
export function useExcelImport<C extends AnyContract & { upload: true }>(
  to: C,
  onImported: () => void,
  opts?: CallOptions<C>,
) {
  const { modal } = App.useApp()
  const [busy, setBusy] = useState(false)
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setBusy(true)
    try {
      const env = await upload(to, file, {}, opts)
      notify.success(env.msg)
      onImported()
    } catch (err) {
      const errors = err instanceof ApiError ? (err.data as { errors?: RowError[] } | null)?.errors : undefined
      if (errors?.length) {
        modal.error({
          title: err instanceof ApiError ? err.message : '导入失败',
          width: 'min(560px, calc(100vw - 32px))',
          content: (
            <Table<RowError>
              size="small"
              rowKey="row"
              pagination={{ pageSize: 8 }}
              dataSource={errors}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80 },
                { title: '原因', dataIndex: 'reason' },
              ]}
            />
          ),
        })
      }
    } finally {
      setBusy(false)
    }
  }
  return { busy, pick }
}
