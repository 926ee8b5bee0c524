import type { AnyContract, importTask } from '@zhixiao/shared'
import { useRef, useState, type ChangeEvent, type ReactElement } from 'react'
import { upload } from '../../api/call'
import { notify } from '../../api/feedback'
import { kickImports } from './store'

/** An import's upload call: its contract. */
export type ImportUploadCall = AnyContract & { upload: true; data: typeof importTask }

/**
 * The hidden .xlsx picker behind an 导入 button and the upload that starts an import job: the server checks the
 * file's type and header at once, then the floating panel follows the job. Every import toolbar uses this one.
 */
export function useImportUpload(
  to: ImportUploadCall,
  testId: string,
  fields: Record<string, string | number | null | undefined> = {},
): { input: ReactElement; choose: () => void; uploading: boolean } {
  const ref = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = '' // the same file may be chosen again after a fix
    if (!file) return
    if (!/\.xlsx$/i.test(file.name)) {
      notify.error('请选择 .xlsx 格式的文件')
      return
    }
    setUploading(true)
    try {
      const env = await upload(to, file, fields)
      notify.success(env.msg)
      kickImports(env.data.importLogId)
    } catch {
      /* the client showed why */
    } finally {
      setUploading(false)
    }
  }
  const input = (
    <input
      ref={ref}
      type="file"
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      hidden
      data-testid={testId}
      onChange={(e) => void pick(e)}
    />
  )
  return { input, choose: () => ref.current?.click(), uploading }
}
