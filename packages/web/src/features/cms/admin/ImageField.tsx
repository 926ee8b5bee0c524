import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@zhixiao/shared'
import { Button, Flex, Image, Input, Upload } from 'antd'
import { useState } from 'react'
import { notify } from '../../../api/feedback'
import { newsAdminApi } from '../api'

/**
 * An image as a form value: an http URL typed in, or a picture uploaded to the server (stored in the database and
 * answered as its URL). Type and size are checked here for a quick answer and again by the server.
 */
export function ImageField({
  value,
  onChange,
  placeholder = '图片地址（http 开头）或上传',
}: {
  value?: string | null
  onChange?: (v: string) => void
  placeholder?: string
}) {
  const [busy, setBusy] = useState(false)
  const beforeUpload = async (file: File) => {
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      notify.error('仅支持 JPG、PNG、GIF、WEBP 格式的图片')
      return false
    }
    if (file.size > IMAGE_MAX_BYTES) {
      notify.error('图片不能超过2MB')
      return false
    }
    setBusy(true)
    try {
      onChange?.((await newsAdminApi.upload(file)).data.url)
    } catch {
      /* the client showed the refusal */
    } finally {
      setBusy(false)
    }
    return false
  }
  return (
    <Flex gap={8} align="center">
      {value ? <Image src={value} width={64} height={40} style={{ objectFit: 'cover' }} alt="" /> : null}
      <Input value={value ?? ''} placeholder={placeholder} onChange={(e) => onChange?.(e.target.value)} allowClear />
      <Upload accept={IMAGE_MIME_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload}>
        <Button loading={busy}>上传</Button>
      </Upload>
    </Flex>
  )
}
