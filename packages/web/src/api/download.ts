/** Hands a blob to the browser as a file download (an object URL on a temporary link, revoked once clicked). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  // Revoked 40 s later, as FileSaver.js does: the browser fetches the blob for the download asynchronously, and on a
  // busy machine a revoke a tick after the click could come first, so the download never starts and nothing is said.
  setTimeout(() => URL.revokeObjectURL(url), 40_000)
}

/** The multipart form of an upload: `fields` first (the server reads the fields that precede the file), then `file`. */
export function formOf(file: File, fields: Record<string, string | number | null | undefined> = {}): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null && v !== '') form.append(k, String(v))
  form.append('file', file)
  return form
}
