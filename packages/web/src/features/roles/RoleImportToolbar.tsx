import { roleImportContracts } from '@zhixiao/shared'
import { Button, Space } from 'antd'
import { useState } from 'react'
import { ImportLogDrawer } from '../imports/ImportLogDrawer'
import { useImportUpload } from '../imports/use-import-upload'
import { downloadRoleTemplate } from './api'

/**
 * 导入 / 下载模板 / 导入记录 of the role list (角色人员导入, docs/roles.md). As with the people imports, an upload only
 * creates the job; the floating panel follows it, and 导入记录 lists the roleUser jobs with their rejected rows.
 */
export function RoleImportToolbar() {
  const upload = useImportUpload(roleImportContracts.import, 'roleUser-import-file')
  const [downloading, setDownloading] = useState(false)
  const [logs, setLogs] = useState(false)
  const template = async () => {
    setDownloading(true)
    await downloadRoleTemplate()
    setDownloading(false)
  }

  return (
    <Space wrap>
      {upload.input}
      <Button loading={upload.uploading} onClick={upload.choose}>
        导入人员
      </Button>
      <Button loading={downloading} onClick={() => void template()}>
        下载模板
      </Button>
      <Button onClick={() => setLogs(true)}>导入记录</Button>
      {logs && <ImportLogDrawer kind="roleUser" title="角色人员导入记录" onClose={() => setLogs(false)} />}
    </Space>
  )
}
