import { App, Button, DatePicker, Flex, Form, Image, Input, Select, Space, Upload } from 'antd'
import type { Dayjs } from 'dayjs'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { leaveApi, type Half, type HomeView, type LeaveType } from './api.js'
import { useAction } from './useAction.js'

interface Values {
  childSub?: string
  start: Dayjs
  startHalf: Half
  end: Dayjs
  endHalf: Half
  type: LeaveType
  reason: string
}

const HALVES = [
  { value: 'am', label: '上午' },
  { value: 'pm', label: '下午' },
]
const TYPES = [
  { value: 'sick', label: '病假' },
  { value: 'personal', label: '事假' },
  { value: 'other', label: '其他' },
]
const NOTE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
const MAX_NOTE = 2 * 1024 * 1024

/** 请假: a guardian picks the child; a teacher asks for themself. A doctor's note may be attached (病假条). */
export function AskForm({ home, onDone }: { home: HomeView; onDone: (id: number) => void }) {
  const [form] = Form.useForm<Values>()
  const { message } = App.useApp()
  const { run, busy } = useAction()
  const [note, setNote] = useState<{ id: string; preview: string } | null>(null)
  const [uploading, setUploading] = useState(false)
  useEffect(() => () => (note ? URL.revokeObjectURL(note.preview) : undefined), [note])
  const guardian = home.userType === 'guardian'

  const submit = async (v: Values) => {
    let id = 0
    const ok = await run(async () => {
      id = (
        await leaveApi.ask({
          childSub: guardian ? v.childSub : undefined,
          startDate: v.start.format('YYYY-MM-DD'),
          startHalf: v.startHalf,
          endDate: v.end.format('YYYY-MM-DD'),
          endHalf: v.endHalf,
          type: v.type,
          reason: v.reason.trim(),
          noteId: note?.id,
        })
      ).id
    }, '请假申请已提交')
    if (ok) {
      form.resetFields()
      setNote(null)
      onDone(id)
    }
  }

  // The server checks the bytes; this only spares a long upload of something it will refuse.
  const upload = async (file: File) => {
    if (!NOTE_TYPES.includes(file.type) || file.size > MAX_NOTE) {
      message.error('病假条只能是 JPG、PNG 或 WEBP 图片，且不超过 2MB')
      return
    }
    setUploading(true)
    try {
      const { id } = await leaveApi.upload(file)
      setNote({ id, preview: URL.createObjectURL(file) })
    } catch {
      // The kit's client has shown the server's message.
    } finally {
      setUploading(false)
    }
  }

  const today = dayjs().startOf('day')
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{
        childSub: home.children.length === 1 ? home.children[0].sub : undefined,
        startHalf: 'am',
        endHalf: 'pm',
        type: 'sick',
      }}
      style={{ maxWidth: 560 }}
    >
      {guardian && (
        <Form.Item name="childSub" label="请假的孩子" rules={[{ required: true, message: '请选择孩子' }]}>
          <Select
            placeholder="选择孩子"
            options={home.children.map((c) => ({ value: c.sub, label: `${c.name}（${c.className}）` }))}
          />
        </Form.Item>
      )}
      <Form.Item label="开始时间" required style={{ marginBottom: 0 }}>
        <Space.Compact block>
          <Form.Item name="start" noStyle rules={[{ required: true, message: '请选择开始日期' }]}>
            <DatePicker
              aria-label="开始日期"
              style={{ width: '65%' }}

              disabledDate={(d) => d.isBefore(today)}
            />
          </Form.Item>
          <Form.Item name="startHalf" noStyle>
            <Select aria-label="开始半天" style={{ width: '35%' }} options={HALVES} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="结束时间" required style={{ marginTop: 16, marginBottom: 0 }}>
        <Space.Compact block>
          <Form.Item
            name="end"
            noStyle
            dependencies={['start']}
            rules={[
              { required: true, message: '请选择结束日期' },
              ({ getFieldValue }) => ({
                validator: (_, v: Dayjs | undefined) =>
                  v && getFieldValue('start') && v.isBefore(getFieldValue('start') as Dayjs, 'day')
                    ? Promise.reject(new Error('结束时间不能早于开始时间'))
                    : Promise.resolve(),
              }),
            ]}
          >
            <DatePicker
              aria-label="结束日期"
              style={{ width: '65%' }}

              disabledDate={(d) => d.isBefore(today)}
            />
          </Form.Item>
          <Form.Item name="endHalf" noStyle>
            <Select aria-label="结束半天" style={{ width: '35%' }} options={HALVES} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="type" label="请假类型" style={{ marginTop: 16 }} rules={[{ required: true }]}>
        <Select options={TYPES} />
      </Form.Item>
      <Form.Item
        name="reason"
        label="请假事由"
        rules={[
          { required: true, whitespace: true, message: '请填写请假事由' },
          { max: 200, message: '请假事由不能超过200个字' },
        ]}
      >
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 3, maxRows: 6 }} placeholder="如：发烧就医" />
      </Form.Item>
      <Form.Item label="病假条（选填，JPG/PNG/WEBP，不超过 2MB）">
        <Space wrap align="start">
          <Upload
            accept={NOTE_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file)
              return false
            }}
          >
            <Button loading={uploading}>上传病假条</Button>
          </Upload>
          {note && (
            <Flex vertical gap={8}>
              <Image src={note.preview} alt="病假条预览" width={120} />
              <Button size="small" onClick={() => setNote(null)}>
                移除
              </Button>
            </Flex>
          )}
        </Space>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} block>
        提交申请
      </Button>
    </Form>
  )
}
