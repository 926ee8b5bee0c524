import type { RoomBatchAddBody } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Form, Input, InputNumber, Select } from 'antd'
import { useNavigate, useSearchParams } from 'react-router'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { buildingApi } from './buildings-api'

/** base-buildLot/roomManage/batch: rooms floor × 100 + n on every floor of a range, all or nothing. */
export default function RoomBatchPage({ path, title }: { path: string; title: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [form] = Form.useForm<RoomBatchAddBody>()
  const orgId = useScopeOrg()
  const buildings = useQuery({ queryKey: ['buildings', orgId], queryFn: () => buildingApi.page(orgId) })
  const uses = useQuery({ queryKey: ['dict', 'roomUse'], queryFn: () => buildingApi.dict('roomUse') })
  const submit = async (v: RoomBatchAddBody) => {
    try {
      notify.success((await buildingApi.batchAdd(v)).msg)
      navigate('/base-buildLot/roomManage')
    } catch {
      /* the client showed the server's message */
    }
  }
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect disabled />}>
      <Card style={{ maxWidth: 560 }}>
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            buildingId: params.get('buildingId') ? Number(params.get('buildingId')) : undefined,
            fromLevel: 1,
            toLevel: 1,
            perFloor: 10,
          }}
        >
          <Form.Item name="buildingId" label="楼宇" rules={[{ required: true, message: '请选择楼宇' }]}>
            <Select
              options={(buildings.data?.list ?? []).map((b) => ({ value: b.id, label: b.name }))}
              placeholder="请选择楼宇"
            />
          </Form.Item>
          <Form.Item name="fromLevel" label="开始楼层" rules={[{ required: true, message: '请输入开始楼层' }]}>
            <InputNumber min={-10} max={200} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="toLevel" label="结束楼层" rules={[{ required: true, message: '请输入结束楼层' }]}>
            <InputNumber min={-10} max={200} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="perFloor"
            label="每层间数"
            extra="教室按“楼层×100+序号”编号，如 201、202"
            rules={[{ required: true, message: '请输入每层间数' }]}
          >
            <InputNumber min={1} max={99} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="prefix" label="名称前缀">
            <Input placeholder="可选，如 A" maxLength={10} />
          </Form.Item>
          <Form.Item name="useId" label="用途">
            <Select allowClear options={(uses.data ?? []).map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
          <Form.Item name="capacity" label="容纳人数">
            <InputNumber min={0} max={10000} style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            批量新增
          </Button>
        </Form>
      </Card>
    </PageFrame>
  )
}
