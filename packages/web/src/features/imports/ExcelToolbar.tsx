import type { AnyContract, ContractSpec, ExportKind, ImportCalls, ImportKind } from '@zhixiao/shared'
import { Button, Space } from 'antd'
import { useState } from 'react'
import { download } from '../../api/call'
import { PermButton } from '../../components/PermButton'
import { RequestExportMenu } from '../pi-exports/RequestExportMenu'
import { ImportLogDrawer } from './ImportLogDrawer'
import { useImportUpload } from './use-import-upload'

/** A button under a button code when one is given, a plain one otherwise (reads need only the page code). */
function CodeButton({ code, ...rest }: { code?: string; onClick: () => void; loading?: boolean; children: string }) {
  return code ? <PermButton code={code} {...rest} /> : <Button {...rest} />
}

/**
 * 导入 / 下载模板 / 导出 / 导入记录 of a people list. An upload only creates the job (the server checks the file's
 * type and header at once); the floating panel then shows its progress. `exportBody` is the list's current
 * filters, so 导出 writes what the table shows; it leaves masked, and full values are asked for beside it.
 */
export function ExcelToolbar({
  kind,
  calls,
  noun,
  orgId,
  importCode,
  exportCode,
  exportBody,
  canImport = true,
  requestKind,
}: {
  kind: ImportKind
  /** The list's calls, e.g. teacherContracts: its import calls and its export. */
  calls: ImportCalls & { export: AnyContract & { file: true; body: NonNullable<ContractSpec['body']> } }
  /** 教师, 学生, 家长: the downloaded files' names. */
  noun: string
  /** The school the page works on (undefined: the caller's own). */
  orgId?: number
  importCode?: string
  exportCode?: string
  exportBody: object
  /** false on archive pages: imports add live people. */
  canImport?: boolean
  /** The kind of export that may be asked for with approval (full values; docs/privacy.md "Export approval"). */
  requestKind?: ExportKind
}) {
  const upload = useImportUpload(calls.importExcel, `${kind}-import-file`, { orgId })
  const [busy, setBusy] = useState<'template' | 'export' | null>(null)
  const [logs, setLogs] = useState(false)
  const run = async (what: 'template' | 'export', go: () => Promise<boolean>) => {
    setBusy(what)
    await go()
    setBusy(null)
  }

  return (
    <Space wrap>
      {canImport && (
        <>
          {upload.input}
          <CodeButton code={importCode} loading={upload.uploading} onClick={upload.choose}>
            导入
          </CodeButton>
          <Button
            loading={busy === 'template'}
            onClick={() => void run('template', () => download(calls.downloadExcelTemplate, `${noun}导入模板.xlsx`))}
          >
            下载模板
          </Button>
        </>
      )}
      <CodeButton
        code={exportCode}
        loading={busy === 'export'}
        onClick={() => void run('export', () => download(calls.export, `${noun}.xlsx`, exportBody))}
      >
        导出（脱敏）
      </CodeButton>
      {requestKind && <RequestExportMenu kind={requestKind} filter={exportBody} />}
      <Button onClick={() => setLogs(true)}>导入记录</Button>
      {logs && <ImportLogDrawer kind={kind} title={`${noun}导入记录`} onClose={() => setLogs(false)} />}
    </Space>
  )
}
