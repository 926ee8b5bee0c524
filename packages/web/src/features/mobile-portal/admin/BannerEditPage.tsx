import { BannerTerminal, MOBILE_BUTTONS } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Form, Space } from 'antd'
import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PageFrame, useWrite } from '../../../components/crud'
import { formValues } from '../../../components/form-values'
import { PermButton } from '../../../components/PermButton'
import type { PageProps } from '../../../navigation/page-props'
import { mobileApi, MobileKeys, MOBILE_WRITE_KEYS } from '../api'
import { BannerForm, bannerDefaults, type BannerFormValues } from './BannerForm'

/** /menhu-addration: add (no id) or edit (?id=) a teacher-mobile carousel picture. */
export default function BannerEditPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || null
  const terminal = BannerTerminal.TEACHER
  const navigate = useNavigate()
  const write = useWrite(MOBILE_WRITE_KEYS)
  const [form] = Form.useForm<BannerFormValues>()
  const list = useQuery({
    queryKey: [MobileKeys.banners, terminal],
    queryFn: () => mobileApi.banners(terminal),
    enabled: !!id,
  })
  const row = id ? (list.data?.list.find((b) => b.id === id) ?? null) : null
  useEffect(() => {
    form.setFieldsValue(bannerDefaults(row))
  }, [form, row])
  const save = async () => {
    const v = await formValues(form)
    if (!v) return
    const body = { ...v, link: v.link || null, terminal }
    if (await write(() => (id ? mobileApi.updateBanner({ ...body, id }) : mobileApi.addBanner(body))))
      void navigate('/menhu-teacher/ration')
  }
  return (
    <PageFrame path={path} title={id ? title : '新增轮播图'}>
      <Card>
        <BannerForm form={form} />
        <Space>
          <PermButton
            code={id ? MOBILE_BUTTONS.teacher.edit : MOBILE_BUTTONS.teacher.add}
            type="primary"
            onClick={() => void save()}
            data-testid="banner-save"
          >
            保存
          </PermButton>
          <Button onClick={() => void navigate('/menhu-teacher/ration')}>返回</Button>
        </Space>
      </Card>
    </PageFrame>
  )
}
