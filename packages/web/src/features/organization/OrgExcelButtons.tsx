import { orgExcelContracts } from '@zhixiao/shared'
import { Button, Space } from 'antd'
import { useRef, useState } from 'react'
import { PermButton } from '../../components/PermButton'
import { useExcelImport } from '../../components/useExcelImport'
import { orgExcelApi } from './api'

/**
 * 下载模板 / 导入 / 导出 of organisation setup (000 §7.7). The import is all or nothing: a file with bad rows adds
 * nothing, and every bad row is listed with its reason so the file can be fixed and uploaded again.
 */
export function OrgExcelButtons({ onImported }: { onImported: () => void }) {
  const input = useRef<HTMLInputElement>(null)
  const imp = useExcelImport(orgExcelContracts.import, onImported)
  const [busy, setBusy] = useState<'template' | 'export' | null>(null)

  const run = async (what: 'template' | 'export', go: () => Promise<boolean>) => {
    setBusy(what)
    await go()
    setBusy(null)
  }

  return (
    <Space wrap>
      <input
        ref={input}
        type="file"
        accept=".xlsx"
        hidden
        data-testid="org-import-file"
        onChange={(e) => void imp.pick(e)}
      />
      <PermButton code="base_org_add" loading={imp.busy} onClick={() => input.current?.click()}>
        导入
      </PermButton>
      <Button loading={busy === 'template'} onClick={() => void run('template', orgExcelApi.template)}>
        下载模板
      </Button>
      <Button loading={busy === 'export'} onClick={() => void run('export', orgExcelApi.export)}>
        导出
      </Button>
    </Space>
  )
}
