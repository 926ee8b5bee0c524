import {
  ALLIANCE_MAX_APPS,
  ALLIANCE_MAX_IMAGES,
  AllianceMsg,
  isSafeLink,
  type AllianceRoot,
  type SetAllianceSettingBody,
} from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Col, Form, Input, Row, Skeleton, Space, Switch } from 'antd'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { allianceApi, AllianceKeys } from './api'
import { AllianceSwitcher } from './AllianceSwitcher'
import { HeaderConfigEditor } from '../portal-config/HeaderConfigEditor'

const httpRule = (message: string) => ({
  validator: async (_: unknown, v?: string) => {
    if (v && !isSafeLink(v.trim(), 'http')) throw new Error(message)
  },
})

function SettingForm({ alliance }: { alliance: AllianceRoot }) {
  const qc = useQueryClient()
  const setting = useQuery({
    queryKey: ['allianceSetting', alliance.orgId],
    queryFn: () => allianceApi.setting(alliance.orgId),
  })
  const images = useQuery({
    queryKey: ['allianceImages', alliance.orgId],
    queryFn: () => allianceApi.images(alliance.orgId),
  })
  const [form] = Form.useForm<SetAllianceSettingBody>()
  const [imgForm] = Form.useForm<{ images: string[] }>()
  const [busy, setBusy] = useState<'setting' | 'images' | null>(null)
  if (setting.isLoading || images.isLoading || !setting.data) return <Skeleton active />
  const s = setting.data

  const save = async () => {
    const v = await form.validateFields()
    setBusy('setting')
    try {
      const env = await allianceApi.saveSetting({ ...v, orgId: alliance.orgId })
      notify.success(env.msg)
      for (const k of [AllianceKeys.managed, AllianceKeys.root, 'allianceSetting'])
        void qc.invalidateQueries({ queryKey: [k] })
    } catch {
      /* the client showed why */
    } finally {
      setBusy(null)
    }
  }
  const saveImages = async () => {
    const v = await imgForm.validateFields()
    setBusy('images')
    try {
      const env = await allianceApi.saveImages(alliance.orgId, (v.images ?? []).map((u) => u.trim()).filter(Boolean))
      notify.success(env.msg)
      void qc.invalidateQueries({ queryKey: ['allianceImages'] })
    } catch {
      /* the client showed why */
    } finally {
      setBusy(null)
    }
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title="联盟设置">
          <Form
            form={form}
            layout="vertical"
            data-testid="alliance-setting-form"
            initialValues={{
              name: s.name,
              intro: s.intro,
              culture: s.culture,
              needAudit: s.needAudit,
              openToTenants: s.openToTenants,
              apps: s.apps,
            }}
          >
            <Form.Item
              name="name"
              label="联盟名称"
              rules={[
                { required: true, whitespace: true, message: AllianceMsg.NAME_REQUIRED },
                { max: 50, message: '联盟名称不能超过50个字符' },
              ]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="intro" label="联盟简介" rules={[{ max: 2000, message: '联盟简介不能超过2000个字符' }]}>
              <Input.TextArea rows={4} maxLength={2000} />
            </Form.Item>
            <Form.Item name="culture" label="联盟文化" rules={[{ max: 500, message: '联盟文化不能超过500个字符' }]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
            <Space wrap size="large">
              <Form.Item name="needAudit" label="加入需审核" valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="openToTenants" label="允许其他平台单位申请加入" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Form.List name="apps">
              {(fields, { add, remove }) => (
                <Card
                  size="small"
                  type="inner"
                  title="共享应用"
                  extra={
                    fields.length < ALLIANCE_MAX_APPS && (
                      <Button size="small" onClick={() => add({ name: '', url: '' })}>
                        添加应用
                      </Button>
                    )
                  }
                >
                  {fields.map((f) => (
                    <Space key={f.key} wrap align="start" style={{ display: 'flex' }}>
                      <Form.Item
                        name={[f.name, 'name']}
                        rules={[
                          { required: true, whitespace: true, message: '请输入应用名称' },
                          { max: 20, message: '应用名称不能超过20个字符' },
                        ]}
                      >
                        <Input placeholder="应用名称" maxLength={20} style={{ width: 140 }} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'url']}
                        rules={[{ required: true, message: AllianceMsg.APP_HTTP }, httpRule(AllianceMsg.APP_HTTP)]}
                      >
                        <Input
                          placeholder="https://"
                          maxLength={500}
                          style={{ width: 'min(280px, calc(100vw - 80px))' }}
                        />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(f.name)}>
                        删除
                      </Button>
                    </Space>
                  ))}
                  {!fields.length && <span style={{ color: '#666' }}>暂无共享应用</span>}
                </Card>
              )}
            </Form.List>
            <Button type="primary" style={{ marginTop: 16 }} loading={busy === 'setting'} onClick={() => void save()}>
              保存设置
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title="背景图">
          <Form form={imgForm} layout="vertical" initialValues={{ images: (images.data ?? []).map((i) => i.url) }}>
            <Form.List name="images">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="start" style={{ display: 'flex' }}>
                      <Form.Item
                        name={f.name}
                        rules={[{ required: true, message: AllianceMsg.IMAGE_HTTP }, httpRule(AllianceMsg.IMAGE_HTTP)]}
                      >
                        <Input
                          placeholder="https://"
                          maxLength={500}
                          style={{ width: 'min(300px, calc(100vw - 120px))' }}
                        />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(f.name)}>
                        删除
                      </Button>
                    </Space>
                  ))}
                  <Space wrap>
                    {fields.length < ALLIANCE_MAX_IMAGES && <Button onClick={() => add('')}>添加背景图</Button>}
                    <Button type="primary" loading={busy === 'images'} onClick={() => void saveImages()}>
                      保存背景图
                    </Button>
                  </Space>
                </>
              )}
            </Form.List>
          </Form>
        </Card>
      </Col>
      <Col span={24}>
        {/* The alliance portal's header (001 §2.6 alliance header), saved on the alliance org itself. */}
        <Card title="联盟顶部" data-testid="alliance-header-config">
          <HeaderConfigEditor
            name="alliance_mh_sys_config"
            orgId={alliance.orgId}
            saveTo={(value) => allianceApi.saveHeader(alliance.orgId, value)}
          />
        </Card>
      </Col>
    </Row>
  )
}

/** /allianceManage/setting: the alliance's name, texts, audit and openness, shared apps, background images and header. */
export default function SettingPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <AllianceSwitcher>{(a) => <SettingForm key={a.orgId} alliance={a} />}</AllianceSwitcher>
    </PageFrame>
  )
}
