import type { MultipartFile } from '@fastify/multipart'

/**
 * The bytes of an uploaded file, refused (413 请求内容过大, like the plugin's own limit) when it was cut at the size limit.
 *
 * @fastify/multipart's toBuffer() checks the limit on each chunk it reads: when a file's size reaches the limit exactly
 * at a chunk boundary, busboy marks it truncated with no further chunk, and toBuffer() returns the first bytes as if
 * they were the whole file. Which upload meets that depends on how the network split it, so it failed now and then.
 */
export async function uploadedBytes(file: MultipartFile): Promise<Buffer> {
  const bytes = await file.toBuffer()
  if (file.file.truncated) throw Object.assign(new Error('request file too large'), { statusCode: 413 })
  return bytes
}
