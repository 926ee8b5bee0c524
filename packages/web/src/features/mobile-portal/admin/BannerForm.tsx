import { type BannerRow } from '@zhixiao/shared'
import { Form, Input, Radio } from 'antd'
import type { FormInstance } from 'antd'

export interface BannerFormValues {
  title: string
  imageUrl: string
  link: string
  status: number
}
export const bannerDefaults = (b?: BannerRow | null): BannerFormValues => ({
  title: b?.title ?? '',
  imageUrl: b?.imageUrl ?? '',
  link: b?.link ?? '',
  status: b?.status ?? 0,
})

/** The fields of a carousel picture (title, image address, link, shown); the server checks them again. */
export function BannerForm({ form }: { form: FormInstance<BannerFormValues> }) {
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 560 }}>
      <Form.Item
        name="title"
        label="标题"
        rules={[{ required: true, whitespace: true, message: '请输入标题' }, { max: 50 }]}
      >
        <Input maxLength={50} aria-label="标题" />
      </Form.Item>
      <Form.Item
        name="imageUrl"
        label="图片地址"
        rules={[{ required: true, message: '请输入图片地址' }]}
        extra="以 http(s) 开头的图片地址，建议 750×300"
      >
        <Input maxLength={500} aria-label="图片地址" placeholder="https://" />
      </Form.Item>
      <Form.Item name="link" label="跳转链接">
        <Input maxLength={500} aria-label="跳转链接" placeholder="以 http 或 / 开头，可不填" />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Radio.Group
          options={[
            { value: 0, label: '显示' },
            { value: 1, label: '隐藏' },
          ]}
        />
      </Form.Item>
    </Form>
  )
}
