import { WORK_STATION_LEVEL_MAX, type WorkStationMatrix, type WorkStationRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { CrudFormModal, useWrite } from '../../components/crud'
import { workStationApi } from './work-station-api'

interface Values {
  jobId: number
  level: number
  quota: number
  remark?: string | null
}
type Editing = { row: WorkStationRow | null; jobId?: number }
type MatrixRow = { jobId: number; jobName: string }

const LEVELS = Array.from({ length: WORK_STATION_LEVEL_MAX }, (_, i) => ({ value: i + 1, label: `${i + 1}级` }))

/**
 * The jobMatrixSet tab of /base-userAccount/dictionary (000 §2.3): rows are the jobs of the 岗位 dictionary, columns
 * the levels in use, each cell a job at a level with its approved headcount (核定岗位数). A cell opens its form.
 */
export function WorkStationMatrixPanel() {
  const { modal } = App.useApp()
  const q = useQuery({ queryKey: ['workStation', 'matrix'], queryFn: () => workStationApi.matrix() })
  const write = useWrite(['workStation'])
  const [editing, setEditing] = useState<Editing | null>(null)
  const m: WorkStationMatrix = q.data ?? { jobs: [], levels: [], cells: [], totalQuota: 0 }
  const cellOf = (jobId: number, level: number) => m.cells.find((c) => c.jobId === jobId && c.level === level)

  const columns: ColumnsType<MatrixRow> = [
    { title: '岗位', dataIndex: 'jobName', fixed: 'left', width: 120 },
    ...m.levels.map((level) => ({
      title: `${level}级`,
      key: `l${level}`,
      width: 90,
      render: (_: unknown, r: MatrixRow) => {
        const c = cellOf(r.jobId, level)
        if (!c) return <Typography.Text type="secondary">—</Typography.Text>
        return (
          <Button
            type="link"
            size="small"
            aria-label={`${c.name} 核定${c.quota}人`}
            onClick={() => setEditing({ row: c })}
            style={{ padding: 0 }}
          >
            {c.quota}人{c.status === 1 && <Tag style={{ marginLeft: 4 }}>停用</Tag>}
          </Button>
        )
      },
    })),
    {
      title: '合计',
      key: 'sum',
      width: 80,
      render: (_: unknown, r: MatrixRow) =>
        `${m.cells.filter((c) => c.jobId === r.jobId && c.status === 0).reduce((n, c) => n + c.quota, 0)}人`,
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_: unknown, r: MatrixRow) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => setEditing({ row: null, jobId: r.jobId })}
        >
          新增等级
        </Button>
      ),
    },
  ]

  const save = async (v: Values): Promise<boolean> => {
    if (!editing) return false
    const b = { jobId: v.jobId, level: v.level, quota: v.quota, remark: v.remark?.trim() || null }
    const env = await write(() =>
      editing.row ? workStationApi.update({ id: editing.row.id, ...b }) : workStationApi.add(b),
    )
    return env !== null
  }
  const row = editing?.row ?? null
  const close = () => setEditing(null)

  return (
    <Card
      size="small"
      title="岗位矩阵"
      extra={
        <Space wrap>
          <span>合计核定岗位数：{m.totalQuota}</span>
          <Button type="primary" onClick={() => setEditing({ row: null })} disabled={!m.jobs.length}>
            新增岗位设置
          </Button>
        </Space>
      }
    >
      {!q.isLoading && !m.jobs.length && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="请先在“岗位”中添加岗位，再设置各岗位的等级和核定岗位数。"
        />
      )}
      <Table<MatrixRow>
        rowKey="jobId"
        size="middle"
        loading={q.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={m.jobs.map((j) => ({ jobId: j.id, jobName: j.name }))}
        columns={columns}
      />
      {editing && (
        <CrudFormModal<Values>
          title={row ? `编辑岗位设置：${row.name}` : '新增岗位设置'}
          onSubmit={save}
          onClose={close}
          initialValues={
            row
              ? { jobId: row.jobId, level: row.level, quota: row.quota, remark: row.remark }
              : { jobId: editing.jobId, quota: 1 }
          }
        >
          <Form.Item name="jobId" label="岗位" rules={[{ required: true, message: '请选择岗位' }]}>
            <Select placeholder="请选择岗位" options={m.jobs.map((j) => ({ value: j.id, label: j.name }))} />
          </Form.Item>
          <Form.Item name="level" label="岗位等级" rules={[{ required: true, message: '请选择岗位等级' }]}>
            <Select placeholder="请选择岗位等级" options={LEVELS} />
          </Form.Item>
          <Form.Item name="quota" label="核定岗位数" rules={[{ required: true, message: '请输入核定岗位数' }]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字符' }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          {row && (
            <Space>
              <Button
                size="small"
                onClick={() => {
                  void write(() => workStationApi.setStatus(row.id, row.status === 0 ? 1 : 0)).then((e) => e && close())
                }}
              >
                {row.status === 0 ? '停用' : '启用'}
              </Button>
              <Button
                size="small"
                danger
                onClick={() =>
                  modal.confirm({
                    title: `确定删除“${row.name}”吗？`,
                    okText: '确定',
                    cancelText: '取消',
                    okButtonProps: { danger: true },
                    onOk: () =>
                      write(() => workStationApi.remove(row.id)).then((e) => {
                        if (e) close()
                      }),
                  })
                }
              >
                删除
              </Button>
            </Space>
          )}
        </CrudFormModal>
      )}
    </Card>
  )
}
