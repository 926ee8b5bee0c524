import type { ImportTask } from '@zhixiao/shared'
import { Button, Space } from 'antd'
import { useRef, useState, type ChangeEvent } from 'react'
import { downloadFile, uploadFile } from '../../api/download'
import { notify } from '../../api/feedback'
import { ImportLogDrawer } from '../imports/ImportLogDrawer'
import { kickImports } from '../imports/store'
import { roleImportUrls } from './api'

/**
 * 导入 / 下载模板 / 导入记录 of the role list (角色人员导入, docs/roles.md). As with the people imports, an upload only
 * creates the job; the floating panel follows it, and 导入记录 lists the roleUser jobs with their rejected rows.
 */
export function RoleImportToolbar() {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState<'import' | 'template' | null>(null)
  const [logs, setLogs] = useState(false)

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = '' // the same file may be chosen again after a fix
    if (!file) return
    if (!/\.xlsx$/i.test(file.name)) { notify.error('请选择 .xlsx 格式的文件'); return }
    setBusy('import')
    try {
      const env = await uploadFile<ImportTask>(roleImportUrls.upload, file)
      notify.success(env.msg)
      kickImports(env.data.importLogId)
    } catch { /* the client showed why */ } finally { setBusy(null) }
  }
  const template = async () => {
    setBusy('template')
    await downloadFile(roleImportUrls.template, '角色人员导入模板.xlsx')
    setBusy(null)
  }

  return (
    <Space wrap>
      <input ref={input} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" hidden
        data-testid="roleUser-import-file" onChange={(e) => void pick(e)} />
      <Button loading={busy === 'import'} onClick={() => input.current?.click()}>导入人员</Button>
      <Button loading={busy === 'template'} onClick={() => void template()}>下载模板</Button>
      <Button onClick={() => setLogs(true)}>导入记录</Button>
      {logs && <ImportLogDrawer kind="roleUser" title="角色人员导入记录" onClose={() => setLogs(false)} />}
    </Space>
  )
}
