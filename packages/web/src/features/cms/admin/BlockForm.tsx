import {
  BLOCK_TYPE_LABEL,
  CAROUSEL_SPEEDS,
  NEWS_HEIGHTS,
  NEWS_PAGE_SIZE,
  SWIPER_DEFAULTS,
  type BlockInput,
  type BlockType,
} from '@zhixiao/shared'
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space } from 'antd'
import { useNewsTypes } from '../api'
import { ImageField } from './ImageField'
import { RichEditor } from './RichEditor'

/** A new block of a type with the defaults of 001 §9 (news 324 high, carousel 3000 ms, swiper 2000 ms gap 24). */
export function newBlock(type: BlockType): BlockInput {
  const base = { title: BLOCK_TYPE_LABEL[type], span: 12 as const, status: 0 }
  switch (type) {
    case 'news':
      return { ...base, type, settings: { newLevel: 0, height: 324 } }
    case 'carousel':
      return { ...base, type, title: '', span: 24, settings: { speed: 3000, picList: [] } }
    case 'video':
      return { ...base, type, settings: { videoUrl_decode: '', autoPlayMode: 1 } }
    case 'text':
      return { ...base, type, settings: { text: '' } }
    case 'swiper':
      return { ...base, type, span: 24, settings: { ...SWIPER_DEFAULTS, items: [] } }
    case 'qr':
      return { ...base, type, span: 8, settings: { text: '' } }
    case 'apps':
      return { ...base, type, span: 24, settings: {} }
  }
}

const required = (message: string) => [{ required: true, whitespace: true, message }]

function SettingsFields({ type }: { type: BlockType }) {
  const types = useNewsTypes(type === 'news')
  switch (type) {
    case 'news':
      return (
        <Space wrap size={16}>
          <Form.Item name={['settings', 'noticeType']} label="新闻类型">
            <Select
              allowClear
              placeholder="全部类型"
              style={{ width: 160 }}
              options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            />
          </Form.Item>
          <Form.Item name={['settings', 'newLevel']} label="级别">
            <Select
              style={{ width: 120 }}
              options={[
                { value: 0, label: '全部' },
                { value: 1, label: '校级' },
                { value: 2, label: '局级' },
              ]}
            />
          </Form.Item>
          <Form.Item name={['settings', 'height']} label="高度">
            <Select
              style={{ width: 160 }}
              options={NEWS_HEIGHTS.map((h) => ({ value: h, label: `${h}（${NEWS_PAGE_SIZE[h]}条）` }))}
            />
          </Form.Item>
        </Space>
      )
    case 'carousel':
      return (
        <>
          <Form.Item name={['settings', 'speed']} label="切换间隔">
            <Select
              style={{ width: 160 }}
              options={CAROUSEL_SPEEDS.map((s) => ({ value: s, label: `${s / 1000} 秒` }))}
            />
          </Form.Item>
          <PicList
            name="picList"
            hint="不添加图片时使用本机构的轮播图（/base/api/banner）"
            image="decryUrl"
            text="descContent"
            textLabel="描述"
          />
        </>
      )
    case 'video':
      return (
        <>
          <Form.Item name={['settings', 'videoUrl_decode']} label="视频地址" rules={required('请输入视频地址')}>
            <Input placeholder="https://…/video.mp4" />
          </Form.Item>
          <Form.Item name={['settings', 'faceUrl_decode']} label="封面">
            <ImageField />
          </Form.Item>
          <Form.Item name={['settings', 'autoPlayMode']} label="播放方式">
            <Select
              style={{ width: 240 }}
              options={[
                { value: 1, label: '显示封面，点击播放' },
                { value: 0, label: '自动播放（静音）' },
              ]}
            />
          </Form.Item>
          <Form.Item name={['settings', 'descContent']} label="描述">
            <Input maxLength={200} />
          </Form.Item>
        </>
      )
    case 'text':
      return (
        <Form.Item name={['settings', 'text']} label="内容">
          <RichEditor height={200} />
        </Form.Item>
      )
    case 'swiper':
      return (
        <>
          <Space size={16}>
            <Form.Item name={['settings', 'speed']} label="间隔（毫秒）">
              <InputNumber min={500} max={20000} step={500} />
            </Form.Item>
            <Form.Item name={['settings', 'gap']} label="间距（像素）">
              <InputNumber min={0} max={100} />
            </Form.Item>
          </Space>
          <PicList name="items" image="imageUrl" text="title" textLabel="标题" />
        </>
      )
    case 'qr':
      return (
        <>
          <Form.Item name={['settings', 'text']} label="二维码内容" rules={required('请输入二维码内容')}>
            <Input placeholder="网址或文字" />
          </Form.Item>
          <Form.Item name={['settings', 'tip']} label="提示">
            <Input maxLength={50} />
          </Form.Item>
        </>
      )
    case 'apps':
      return <div style={{ color: '#666' }}>显示当前用户的常用应用。</div>
  }
}

/** Pictures of a carousel or swiper: image (upload or http), link, and a caption. */
function PicList({
  name,
  image,
  text,
  textLabel,
  hint,
}: {
  name: string
  image: string
  text: string
  textLabel: string
  hint?: string
}) {
  return (
    <Form.List name={['settings', name]}>
      {(fields, { add, remove }) => (
        <Card
          size="small"
          title="图片"
          extra={
            <Button size="small" onClick={() => add({ link: '' })}>
              添加图片
            </Button>
          }
        >
          {hint && !fields.length && <div style={{ color: '#666' }}>{hint}</div>}
          {fields.map((f) => (
            <Space
              key={f.key}
              align="start"
              wrap
              style={{ width: '100%', borderBottom: '1px dashed #eee', paddingBottom: 8, marginBottom: 8 }}
            >
              <Form.Item name={[f.name, image]} rules={required('请选择图片')} style={{ width: 380, marginBottom: 0 }}>
                <ImageField />
              </Form.Item>
              <Form.Item name={[f.name, text]} style={{ marginBottom: 0 }}>
                <Input placeholder={textLabel} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'link']} style={{ marginBottom: 0 }}>
                <Input placeholder="链接（可选）" style={{ width: 180 }} />
              </Form.Item>
              <Button type="link" danger onClick={() => remove(f.name)}>
                删除
              </Button>
            </Space>
          ))}
        </Card>
      )}
    </Form.List>
  )
}

/** Edits one block: title, width, shown, and the settings of its type. */
export function BlockFormModal({
  block,
  onOk,
  onClose,
}: {
  block: BlockInput
  onOk: (b: BlockInput) => void
  onClose: () => void
}) {
  const [form] = Form.useForm<BlockInput>()
  const ok = async () => {
    let v: BlockInput
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    const settings = { ...(block.settings as object), ...(v.settings as object) } as Record<string, unknown>
    // A caption shows when one is given (descType 1).
    if (block.type === 'carousel')
      settings.picList = ((settings.picList ?? []) as { descContent?: string }[]).map((p) => ({
        ...p,
        descType: p.descContent ? 1 : 0,
      }))
    if (block.type === 'video') settings.descType = settings.descContent ? 1 : 0
    onOk({ ...block, ...v, type: block.type, settings } as BlockInput)
  }
  return (
    <Modal
      open
      title={`${BLOCK_TYPE_LABEL[block.type]}模块`}
      width={820}
      onOk={ok}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={block} preserve={false}>
        <Space size={16} wrap>
          <Form.Item name="title" label="模块标题">
            <Input maxLength={30} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="span" label="宽度">
            <Select
              style={{ width: 140 }}
              options={[
                { value: 8, label: '1/3' },
                { value: 12, label: '1/2' },
                { value: 16, label: '2/3' },
                { value: 24, label: '整行' },
              ]}
            />
          </Form.Item>
          <Form.Item name="status" label="显示">
            <Select
              style={{ width: 100 }}
              options={[
                { value: 0, label: '显示' },
                { value: 1, label: '隐藏' },
              ]}
            />
          </Form.Item>
        </Space>
        <SettingsFields type={block.type} />
      </Form>
    </Modal>
  )
}
