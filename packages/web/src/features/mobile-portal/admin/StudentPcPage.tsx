import { BLOCK_TYPES, MOBILE_BUTTONS, type BlockType, type StudentPcConfig } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Checkbox, Form, Input, Skeleton, Switch } from 'antd'
import { useEffect } from 'react'
import { PageFrame, useWrite } from '../../../components/crud'
import { formValues } from '../../../components/form-values'
import { PermButton } from '../../../components/PermButton'
import type { PageProps } from '../../../navigation/page-props'
import { mobileApi, MobileKeys, MOBILE_WRITE_KEYS } from '../api'

const BLOCK_LABEL: Record<BlockType, string> = {
  news: '新闻',
  carousel: '轮播图',
  video: '视频',
  text: '富文本',
  swiper: '滚动图片',
  qr: '二维码',
  apps: '常用应用',
}

/** MHSysConfigForStudentPC: what a student's PC home (/portal/personal) shows. */
export default function StudentPcPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [MobileKeys.config, 'studentPc'], queryFn: mobileApi.studentPc })
  const [form] = Form.useForm<StudentPcConfig & { shown: BlockType[] }>()
  useEffect(() => {
    if (cfg.data)
      form.setFieldsValue({ ...cfg.data, shown: BLOCK_TYPES.filter((b) => !cfg.data.hiddenBlockTypes.includes(b)) })
  }, [cfg.data, form])
  const write = useWrite(MOBILE_WRITE_KEYS)
  const save = async () => {
    const v = await formValues(form)
    if (v)
      await write(() =>
        mobileApi.setStudentPc({
          notice: v.notice ?? '',
          showMobileLink: v.showMobileLink,
          hiddenBlockTypes: BLOCK_TYPES.filter((b) => !v.shown.includes(b)),
        }),
      )
  }
  return (
    <PageFrame
      path={path}
      title={title}
      extra={
        <PermButton code={MOBILE_BUTTONS.family.edit} type="primary" onClick={() => void save()}>
          保存
        </PermButton>
      }
    >
      {cfg.isPending ? (
        <Skeleton active />
      ) : (
        <Card>
          <Form form={form} layout="vertical" style={{ maxWidth: 560 }}>
            <Form.Item name="shown" label="学生个人门户显示的模块">
              <Checkbox.Group options={BLOCK_TYPES.map((b) => ({ value: b, label: BLOCK_LABEL[b] }))} />
            </Form.Item>
            <Form.Item name="notice" label="学生首页提示语" rules={[{ max: 100 }]}>
              <Input maxLength={100} placeholder="显示在欢迎语下方，可不填" />
            </Form.Item>
            <Form.Item name="showMobileLink" label="显示“手机版”入口" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
        </Card>
      )}
    </PageFrame>
  )
}
