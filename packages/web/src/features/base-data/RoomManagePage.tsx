import type { BuildingRow, RoomRow } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Card, Empty, Form, Input, InputNumber, List, Modal, Select, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { DictPanel } from './DictPanel'
import { buildingApi } from './buildings-api'
import { formValues } from '../../components/form-values'

interface RoomValues {
  floorId: number
  name: string
  code?: string
  useId?: number | null
  capacity?: number | null
  tagIds?: number[]
}
interface AttrValues {
  useId?: number | null
  capacity?: number | null
}
type Dialog = 'building' | 'room' | 'move' | 'attr' | 'roomUse' | 'buildingType'
/** The value every one of `rows` shares, else undefined (the 属性设置 form starts empty where the rooms differ). */
const shared = <T,>(rows: RoomRow[], pick: (r: RoomRow) => T): T | undefined =>
  rows.length && rows.every((r) => pick(r) === pick(rows[0]!)) ? pick(rows[0]!) : undefined

/**
 * base-buildLot/roomManage: buildings on the left; the selected building's rooms with add, edit, move, tags and
 * 属性设置 (use and capacity of the chosen rooms). 类型设置 and 教室用途 keep the building-type and room-use
 * dictionaries in the public-field page's editor (000 §6 base_room_type, base_room_use).
 */
export default function RoomManagePage({ path, title }: { path: string; title: string }) {
  const qc = useQueryClient()
  const navigate = useNavigate()
  const orgId = useScopeOrg()
  const buildings = useQuery({ queryKey: ['buildings', orgId], queryFn: () => buildingApi.page(orgId) })
  const [selected, setSelected] = useState<number | null>(null)
  const current: BuildingRow | undefined =
    buildings.data?.list.find((b) => b.id === selected) ?? buildings.data?.list[0]
  const floors = useQuery({
    queryKey: ['floors', current?.id],
    queryFn: () => buildingApi.floors(current!.id),
    enabled: !!current,
  })
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 })
  const rooms = useQuery({
    queryKey: ['rooms', current?.id, page],
    queryFn: () => buildingApi.rooms({ orgId, buildingId: current!.id, ...page }),
    enabled: !!current,
  })
  const uses = useQuery({ queryKey: ['dict', 'roomUse'], queryFn: () => buildingApi.dict('roomUse') })
  const buildingTypes = useQuery({
    queryKey: ['dict', 'buildingType'],
    queryFn: () => buildingApi.dict('buildingType'),
  })
  const tags = useQuery({ queryKey: ['roomTags', orgId], queryFn: () => buildingApi.tags(orgId) })
  const [picked, setPicked] = useState<number[]>([])
  const [buildingForm] = Form.useForm<{ name: string; code?: string; typeId?: number; floorCount: number }>()
  const [roomForm] = Form.useForm<RoomValues>()
  const [moveForm] = Form.useForm<{ buildingId: number; floorId: number }>()
  const [attrForm] = Form.useForm<AttrValues>()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [editingRoom, setEditingRoom] = useState<RoomRow | null>(null)
  const moveBuilding = Form.useWatch('buildingId', moveForm)
  const moveFloors = useQuery({
    queryKey: ['floors', moveBuilding],
    queryFn: () => buildingApi.floors(moveBuilding),
    enabled: !!moveBuilding,
  })
  const refresh = () =>
    qc.invalidateQueries({
      predicate: (q) => ['buildings', 'floors', 'rooms', 'roomTags'].includes(String(q.queryKey[0])),
    })
  const run = async (fn: () => Promise<{ msg: string }>) => {
    try {
      notify.success((await fn()).msg)
      await refresh()
      return true
    } catch {
      return false
    }
  }

  const saveBuilding = async () => {
    const v = await formValues(buildingForm)
    if (!v) return
    if (await run(() => buildingApi.add({ ...v, orgId }))) setDialog(null)
  }
  const saveRoom = async () => {
    const v = await formValues(roomForm)
    if (!v) return
    const ok = await run(() =>
      editingRoom ? buildingApi.updateRoom({ id: editingRoom.id, ...v }) : buildingApi.addRoom(v),
    )
    if (ok) {
      setDialog(null)
      setEditingRoom(null)
    }
  }
  const move = async () => {
    const v = await formValues(moveForm)
    if (!v) return
    if (await run(() => buildingApi.batchMove(picked, v.floorId))) {
      setDialog(null)
      setPicked([])
    }
  }
  const openAttr = () => {
    const chosen = (rooms.data?.list ?? []).filter((r) => picked.includes(r.id))
    attrForm.resetFields()
    attrForm.setFieldsValue({
      useId: shared(chosen, (r) => r.useId) ?? undefined,
      capacity: shared(chosen, (r) => r.capacity) ?? undefined,
    })
    setDialog('attr')
  }
  const saveAttr = async () => {
    const v = await formValues(attrForm)
    if (!v) return
    if (await run(() => buildingApi.setAttr({ roomIds: picked, useId: v.useId ?? null, capacity: v.capacity ?? null })))
      setDialog(null)
  }
  /** Closing a dictionary dialog refreshes the selects that offer its entries. */
  const closeDict = () => {
    setDialog(null)
    void qc.invalidateQueries({ queryKey: ['dict'] })
  }
  const openRoom = (r: RoomRow | null) => {
    setEditingRoom(r)
    roomForm.setFieldsValue(
      r
        ? {
            floorId: r.floorId,
            name: r.name,
            code: r.code ?? undefined,
            useId: r.useId,
            capacity: r.capacity,
            tagIds: r.tags.map((t) => t.id),
          }
        : { floorId: floors.data?.[0]?.id, name: '', tagIds: [] },
    )
    setDialog('room')
  }
  const addTag = () => {
    let name = ''
    Modal.confirm({
      title: '新增标签',
      content: (
        <Input
          placeholder="请输入标签名称"
          onChange={(e) => {
            name = e.target.value
          }}
        />
      ),
      okText: '确定',
      cancelText: '取消',
      onOk: () => run(() => buildingApi.addTag(name.trim(), orgId)),
    })
  }

  return (
    <PageFrame
      path={path}
      title={title}
      extra={
        <Space wrap>
          <SchoolScopeSelect
            onChange={() => {
              setSelected(null)
              setPicked([])
            }}
          />
          <PermButton code="base_room_type" onClick={() => setDialog('buildingType')}>
            类型设置
          </PermButton>
          <PermButton code="base_room_use" onClick={() => setDialog('roomUse')}>
            教室用途
          </PermButton>
        </Space>
      }
    >
      {/* The buildings beside the rooms; on a phone the rooms wrap below them. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <Card
          size="small"
          title="楼宇"
          style={{ width: 260, maxWidth: '100%', flex: 'none' }}
          loading={buildings.isLoading}
          extra={
            <PermButton
              code="base_building_add"
              size="small"
              type="link"
              onClick={() => {
                buildingForm.resetFields()
                setDialog('building')
              }}
            >
              新增楼宇
            </PermButton>
          }
        >
          {buildings.data?.list.length ? (
            <List
              size="small"
              dataSource={buildings.data.list}
              renderItem={(b) => (
                <List.Item
                  onClick={() => {
                    setSelected(b.id)
                    setPicked([])
                  }}
                  style={{
                    cursor: 'pointer',
                    background: b.id === current?.id ? '#e6f4ff' : undefined,
                    paddingInline: 8,
                  }}
                  actions={[
                    <PermButton
                      key="d"
                      code="base_building_delete"
                      size="small"
                      type="link"
                      danger
                      onClick={(e) => {
                        e.stopPropagation()
                        Modal.confirm({
                          title: `删除楼宇“${b.name}”？`,
                          okText: '删除',
                          cancelText: '取消',
                          okButtonProps: { danger: true },
                          onOk: () => run(() => buildingApi.remove(b.id)),
                        })
                      }}
                    >
                      删除
                    </PermButton>,
                  ]}
                >
                  <List.Item.Meta
                    title={b.name}
                    description={`${b.typeName ? `${b.typeName} · ` : ''}${b.floorCount}层 · ${b.roomCount}间`}
                  />
                </List.Item>
              )}
            />
          ) : (
            <Empty description="暂无楼宇" />
          )}
        </Card>
        <Card
          size="small"
          style={{ flex: '1 1 300px', minWidth: 0 }}
          title={current ? `${current.name} 的教室` : '教室'}
          extra={
            current && (
              <Space wrap>
                <PermButton code="base_room_add" type="primary" onClick={() => openRoom(null)}>
                  新增教室
                </PermButton>
                <PermButton
                  code="base_room_add"
                  onClick={() => navigate(`/base-buildLot/roomManage/batch?buildingId=${current.id}`)}
                >
                  批量新增
                </PermButton>
                <PermButton
                  code="base_room_batch_move"
                  disabled={!picked.length}
                  onClick={() => {
                    moveForm.resetFields()
                    setDialog('move')
                  }}
                >
                  批量移动
                </PermButton>
                <PermButton
                  code="base_room_attr"
                  disabled={!picked.length}
                  title={picked.length ? undefined : '请先勾选教室'}
                  onClick={openAttr}
                >
                  属性设置
                </PermButton>
                <PermButton code="base_room_tags" onClick={addTag}>
                  新增标签
                </PermButton>
              </Space>
            )
          }
        >
          <Table<RoomRow>
            rowKey="id"
            size="middle"
            loading={rooms.isFetching}
            dataSource={rooms.data?.list ?? []}
            rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(Number)) }}
            pagination={{
              current: page.pageIndex,
              pageSize: page.pageSize,
              total: rooms.data?.total ?? 0,
              showTotal: (t) => `共 ${t} 间`,
              onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
            }}
            columns={[
              { title: '教室', dataIndex: 'name' },
              { title: '楼层', dataIndex: 'floorName' },
              { title: '用途', dataIndex: 'useName', render: (v) => v ?? '—' },
              { title: '容纳人数', dataIndex: 'capacity', render: (v) => v ?? '—' },
              {
                title: '标签',
                dataIndex: 'tags',
                render: (v: RoomRow['tags']) => v.map((t) => <Tag key={t.id}>{t.name}</Tag>),
              },
              {
                title: '状态',
                dataIndex: 'status',
                render: (v) => (v === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
              },
              {
                title: '操作',
                key: 'op',
                render: (_, r) => (
                  <Space size={0}>
                    <PermButton code="base_room_edit" type="link" onClick={() => openRoom(r)}>
                      编辑
                    </PermButton>
                    <PermButton
                      code="base_room_enable"
                      type="link"
                      onClick={() => void run(() => buildingApi.setRoomStatus(r.id, r.status === 0 ? 1 : 0))}
                    >
                      {r.status === 0 ? '停用' : '启用'}
                    </PermButton>
                    <PermButton
                      code="base_room_delete"
                      type="link"
                      danger
                      onClick={() =>
                        Modal.confirm({
                          title: `删除教室“${r.name}”？`,
                          okText: '删除',
                          cancelText: '取消',
                          okButtonProps: { danger: true },
                          onOk: () => run(() => buildingApi.removeRoom(r.id)),
                        })
                      }
                    >
                      删除
                    </PermButton>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </div>

      <Modal
        open={dialog === 'building'}
        title="新增楼宇"
        okText="确定"
        cancelText="取消"
        onOk={saveBuilding}
        onCancel={() => setDialog(null)}
        forceRender
      >
        <Form form={buildingForm} layout="vertical" initialValues={{ floorCount: 1 }}>
          <Form.Item
            name="name"
            label="楼宇名称"
            rules={[{ required: true, whitespace: true, message: '请输入楼宇名称' }]}
          >
            <Input placeholder="请输入楼宇名称" />
          </Form.Item>
          <Form.Item name="code" label="编码">
            <Input />
          </Form.Item>
          <Form.Item name="typeId" label="楼宇类型">
            <Select
              allowClear
              placeholder="请选择楼宇类型"
              options={(buildingTypes.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
          <Form.Item name="floorCount" label="楼层数" rules={[{ required: true, message: '请输入楼层数' }]}>
            <InputNumber min={1} max={100} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={dialog === 'room'}
        title={editingRoom ? '编辑教室' : '新增教室'}
        okText="确定"
        cancelText="取消"
        onOk={saveRoom}
        onCancel={() => {
          setDialog(null)
          setEditingRoom(null)
        }}
        forceRender
      >
        <Form form={roomForm} layout="vertical">
          {!editingRoom && (
            <Form.Item name="floorId" label="楼层" rules={[{ required: true, message: '请选择楼层' }]}>
              <Select
                options={(floors.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
                placeholder="请选择楼层"
              />
            </Form.Item>
          )}
          <Form.Item
            name="name"
            label="教室名称"
            rules={[{ required: true, whitespace: true, message: '请输入教室名称' }]}
          >
            <Input placeholder="请输入教室名称" />
          </Form.Item>
          <Form.Item name="code" label="编码">
            <Input />
          </Form.Item>
          <Form.Item name="useId" label="用途">
            <Select allowClear options={(uses.data ?? []).map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
          <Form.Item name="capacity" label="容纳人数">
            <InputNumber min={0} max={10000} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="tagIds" label="标签">
            <Select mode="multiple" options={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={dialog === 'move'}
        title={`批量移动 ${picked.length} 间教室`}
        okText="确定"
        cancelText="取消"
        onOk={move}
        onCancel={() => setDialog(null)}
        forceRender
      >
        <Form form={moveForm} layout="vertical">
          <Form.Item name="buildingId" label="目标楼宇" rules={[{ required: true, message: '请选择目标楼宇' }]}>
            <Select options={(buildings.data?.list ?? []).map((b) => ({ value: b.id, label: b.name }))} />
          </Form.Item>
          <Form.Item name="floorId" label="目标楼层" rules={[{ required: true, message: '请选择目标楼层' }]}>
            <Select options={(moveFloors.data ?? []).map((f) => ({ value: f.id, label: f.name }))} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={dialog === 'attr'}
        title={`属性设置（${picked.length} 间教室）`}
        okText="确定"
        cancelText="取消"
        onOk={saveAttr}
        onCancel={() => setDialog(null)}
        forceRender
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="所选教室将统一设置为以下用途和容纳人数，留空表示清除。"
        />
        <Form form={attrForm} name="roomAttr" layout="vertical">
          <Form.Item name="useId" label="用途">
            <Select
              allowClear
              placeholder="请选择用途"
              options={(uses.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
          <Form.Item name="capacity" label="容纳人数">
            <InputNumber min={0} max={10000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={dialog === 'roomUse' || dialog === 'buildingType'}
        title={dialog === 'buildingType' ? '类型设置' : '教室用途'}
        footer={null}
        width={860}
        onCancel={closeDict}
        destroyOnHidden
      >
        {dialog === 'roomUse' && <DictPanel dictType="roomUse" />}
        {dialog === 'buildingType' && <DictPanel dictType="buildingType" />}
      </Modal>
    </PageFrame>
  )
}
