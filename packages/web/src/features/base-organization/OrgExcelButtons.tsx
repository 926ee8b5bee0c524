import { App, Button, Space, Table } from 'antd'
import { useRef, useState, type ChangeEvent } from 'react'
import { ApiError } from '../../api/client'
import { downloadFile, uploadFile } from '../../api/download'
import { notify } from '../../api/feedback'
import { PermButton } from '../../components/PermButton'

const O = '/base/api/organizationUnit'
interface RowError { row: number; reason: string }

/**
 * 下载模板 / 导入 / 导出 of organisation setup (000 §7.7). The import is all or nothing: a file with bad rows adds
 * nothing, and every bad row is listed with its reason so the file can be fixed and uploaded again.
 */
export function OrgExcelButtons({ onImported }: { onImported: () => void }) {
  const { modal } = App.useApp()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState<'import' | 'template' | 'export' | null>(null)

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setBusy('import')
    try {
      const env = await uploadFile<{ imported: number }>(`${O}/importExcel`, file)
      notify.success(env.msg)
      onImported()
    } catch (err) {
      const errors = err instanceof ApiError ? (err.data as { errors?: RowError[] } | null)?.errors : undefined
      if (errors?.length) {
        modal.error({
          title: err instanceof ApiError ? err.message : '导入失败', width: 560,
          content: <Table<RowError> size="small" rowKey="row" pagination={{ pageSize: 8 }} dataSource={errors}
            columns={[{ title: '行号', dataIndex: 'row', width: 80 }, { title: '原因', dataIndex: 'reason' }]} />,
        })
      }
    } finally { setBusy(null) }
  }
  const run = async (what: 'template' | 'export', go: () => Promise<boolean>) => { setBusy(what); await go(); setBusy(null) }

  return (
    <Space wrap>
      <input ref={input} type="file" accept=".xlsx" hidden data-testid="org-import-file" onChange={(e) => void pick(e)} />
      <PermButton code="base_org_add" loading={busy === 'import'} onClick={() => input.current?.click()}>导入</PermButton>
      <Button loading={busy === 'template'} onClick={() => void run('template', () => downloadFile(`${O}/downloadExcelTemplate`, '机构导入模板.xlsx'))}>下载模板</Button>
      <Button loading={busy === 'export'} onClick={() => void run('export', () => downloadFile(`${O}/exportExcel`, '机构.xlsx', { body: {} }))}>导出</Button>
    </Space>
  )
}
