import { isSchoolUnit, type FeederRow } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Form, Popconfirm, Select, Space, Table } from 'antd'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { intakeApi } from './api'

/**
 * /base-schoolYear/feeders (对口学校): the bureau maps each 小学 to the 初中 its graduates go on to; the 初中's intake
 * page then offers them. Only the top org's sessions write (the server refuses a school's admin).
 */
export default function FeedersPage({ path, title }: PageProps) {
  const client = useQueryClient()
  const list = useQuery({ queryKey: ['feeders'], queryFn: () => intakeApi.feeders() })
  const orgs = useQuery({ queryKey: ['feederOrgs'], queryFn: () => intakeApi.orgs() })
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<{ fromOrgId: number; toOrgId: number }>()
  const schools = (orgs.data ?? [])
    .filter((o) => isSchoolUnit(o.unitAttr))
    .map((o) => ({ value: o.orgId, label: o.name }))
  const run = async (go: () => Promise<{ msg: string }>) => {
    setBusy(true)
    try {
      notify.success((await go()).msg)
      void client.invalidateQueries({ queryKey: ['feeders'] })
      return true
    } catch {
      // The api client has shown the server's message.
      return false
    } finally {
      setBusy(false)
    }
  }
  return (
    <PageFrame path={path} title={title}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small" title="新增对口关系">
          <Form
            form={form}
            layout="inline"
            onFinish={(v) => void run(() => intakeApi.addFeeder(v)).then((ok) => ok && form.resetFields())}
          >
            <Form.Item name="fromOrgId" label="小学" rules={[{ required: true, message: '请选择小学' }]}>
              <Select
                aria-label="小学"
                showSearch
                optionFilterProp="label"
                options={schools}
                style={{ minWidth: 200 }}
              />
            </Form.Item>
            <Form.Item name="toOrgId" label="对口初中" rules={[{ required: true, message: '请选择初中' }]}>
              <Select
                aria-label="对口初中"
                showSearch
                optionFilterProp="label"
                options={schools}
                style={{ minWidth: 200 }}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              添加
            </Button>
          </Form>
        </Card>
        <Card size="small" title="对口关系">
          <Table<FeederRow>
            rowKey={(r) => `${r.fromOrgId}-${r.toOrgId}`}
            size="small"
            loading={list.isFetching}
            dataSource={list.data ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '小学', dataIndex: 'fromOrgName' },
              { title: '对口初中', dataIndex: 'toOrgName' },
              {
                title: '操作',
                key: 'op',
                render: (_, r) => (
                  <Popconfirm
                    title={`删除「${r.fromOrgName} → ${r.toOrgName}」？`}
                    onConfirm={() => run(() => intakeApi.removeFeeder({ fromOrgId: r.fromOrgId, toOrgId: r.toOrgId }))}
                  >
                    <Button type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </Card>
      </Space>
    </PageFrame>
  )
}
