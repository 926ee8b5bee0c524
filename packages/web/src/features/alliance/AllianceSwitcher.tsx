import { AllianceMsg, alliancePortalPath, type AllianceRoot, type RegisterAllianceBody } from '@zhixiao/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Empty, Form, Input, Modal, Select, Space, Switch } from 'antd'
import { useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { notify } from '../../api/feedback'
import { PermButton } from '../../components/PermButton'
import { allianceApi, AllianceKeys, useManagedAlliances } from './api'

/** 创建联盟 (registerPage): an alliance under the caller's org, marked allianceSchool with unit attribute 8. */
function CreateAllianceButton({ onCreated }: { onCreated: (orgId: number) => void }) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<RegisterAllianceBody>()
  const submit = async () => {
    const v = await form.validateFields()
    setBusy(true)
    try {
      const env = await allianceApi.register(v)
      notify.success(env.msg)
      setOpen(false)
      form.resetFields()
      onCreated(env.data.orgId)
    } catch {
      /* the client showed why */
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <PermButton code="alliance_manage" type="primary" onClick={() => setOpen(true)} data-testid="alliance-create">
        创建联盟
      </PermButton>
      <Modal
        open={open}
        title="创建联盟"
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        confirmLoading={busy}
        okText="创建"
        cancelText="取消"
        destroyOnHidden
        width="min(520px, calc(100vw - 32px))"
      >
        <Form form={form} layout="vertical" initialValues={{ needAudit: true, openToTenants: false, intro: '' }}>
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
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item name="needAudit" label="加入需审核" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="openToTenants" label="允许其他平台单位申请加入" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

/**
 * The alliance a management page works on: ?orgId= (if the caller runs it) or the first they run, with a picker
 * when there are several and 创建联盟 beside it. Renders `children(alliance)` once one is chosen.
 */
export function AllianceSwitcher({ children }: { children: (a: AllianceRoot) => ReactNode }) {
  const managed = useManagedAlliances()
  const qc = useQueryClient()
  const [params, setParams] = useSearchParams()
  const list = managed.data ?? []
  const named = Number(params.get('orgId'))
  const current = list.find((a) => a.orgId === named) ?? list[0]
  const choose = (orgId: number) => {
    const p = new URLSearchParams(params)
    p.set('orgId', String(orgId))
    setParams(p)
  }
  const created = (orgId: number) => {
    void qc.invalidateQueries({ queryKey: [AllianceKeys.managed] })
    choose(orgId)
  }
  if (managed.isLoading) return null
  if (!current) {
    return (
      <Empty description="您还没有管理的联盟" data-testid="alliance-none-managed">
        <CreateAllianceButton onCreated={created} />
      </Empty>
    )
  }
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="选择联盟"
          value={current.orgId}
          onChange={choose}
          style={{ minWidth: 200, maxWidth: 'calc(100vw - 48px)' }}
          options={list.map((a) => ({ value: a.orgId, label: a.name }))}
        />
        <CreateAllianceButton onCreated={created} />
        <Link to={alliancePortalPath(current.orgId)}>
          <Button>联盟门户</Button>
        </Link>
      </Space>
      {children(current)}
    </>
  )
}
