import { requestBlob, requestEnvelope, type RequestOptions } from './client'

/** Hands a blob to the browser as a file download (an object URL on a temporary link, revoked once clicked). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  // Revoking at once can cancel the download in some browsers; a tick later it has started.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Downloads a file answer (Excel templates, exports, rejected import rows) under the server's file name, or
 * `fallbackName` when it gives none. Resolves false when the call was refused (the client showed why).
 */
export async function downloadFile(url: string, fallbackName: string, opts: RequestOptions = {}): Promise<boolean> {
  try {
    const { blob, fileName } = await requestBlob(url, opts)
    downloadBlob(blob, fileName ?? fallbackName)
    return true
  } catch {
    return false
  }
}

/**
 * Uploads one file as the multipart field `file` (every importExcel call). `fields` go before the file, since the
 * server reads the fields that precede the file part (e.g. the orgId a bureau imports into); empty ones are left out.
 */
export function uploadFile<T>(url: string, file: File, fields: Record<string, string | number | null | undefined> = {}) {
  return requestEnvelope<T>(url, { body: formOf(file, fields) })
}

/** The multipart form of an upload: `fields` first (the server reads the fields that precede the file), then `file`. */
export function formOf(file: File, fields: Record<string, string | number | null | undefined> = {}): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== '') form.append(k, String(v))
  form.append('file', file)
  return form
}
