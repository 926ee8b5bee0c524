import { DICT_TYPES, type DictRow, type DictType } from '@zhixiao/shared'
import { Alert, Form, Input, InputNumber, Segmented } from 'antd'
import { useState } from 'react'
import {
  CrudTableCard,
  deleteAction,
  statusColumn,
  textColumn,
  toggleAction,
  type CrudForm,
} from '../../components/crud'
import { useSession } from '../../stores/session'
import { dictApi } from './dict-api'

type Level = 'tenant' | 'org'
interface Values {
  name: string
  code?: string
  sort?: number
  remark?: string
}

const LEVELS: { value: Level; label: string }[] = [
  { value: 'tenant', label: '全局' },
  { value: 'org', label: '本机构' },
]

/**
 * One dictionary type: 全局 (tenant level, kept by the top organisation's administrators) or 本机构 (the signed-in
 * org's own entries). Below the top organisation the global list is read-only. `onlyLevel`: one level, no switch
 * (the public-field page keeps the tenant level only).
 */
export function DictPanel({ dictType, onlyLevel }: { dictType: DictType; onlyLevel?: Level }) {
  const [chosen, setLevel] = useState<Level>('tenant')
  const level = onlyLevel ?? chosen
  const isTopOrg = useSession((s) => !!s.orgInfo && s.orgInfo.parentId === null)
  const readOnly = level === 'tenant' && !isTopOrg
  const noun = DICT_TYPES[dictType].name
  const form: CrudForm<DictRow, Values> = {
    noun,
    initial: (r) =>
      r ? { name: r.name, code: r.code ?? undefined, sort: r.sort, remark: r.remark ?? undefined } : { sort: 0 },
    submit: (v, r) => (r ? dictApi.update({ id: r.id, ...v }) : dictApi.add({ dictType, level, ...v })),
    fields: () => (
      <>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: 50, message: '名称不能超过50个字符' },
          ]}
        >
          <Input placeholder="请输入名称" />
        </Form.Item>
        <Form.Item name="code" label="编码" rules={[{ max: 30, message: '编码不能超过30个字符' }]}>
          <Input placeholder="请输入编码" />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={99999} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字符' }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </>
    ),
  }
  return (
    <CrudTableCard<DictRow, Values>
      queryKey={['dict', dictType, level]}
      search="名称或编码"
      form={form}
      readOnly={readOnly}
      title={
        onlyLevel ? (
          `${noun}（${LEVELS.find((l) => l.value === onlyLevel)!.label}）`
        ) : (
          <Segmented<Level> value={level} onChange={setLevel} options={LEVELS} />
        )
      }
      notice={
        readOnly ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="全局字典由顶级机构的管理员维护，本机构可在“本机构”中补充自己的字典项。"
          />
        ) : null
      }
      fetch={(q) => dictApi.page({ dictType, level, ...q })}
      columns={[
        { title: '名称', dataIndex: 'name' },
        textColumn('编码', 'code'),
        { title: '排序', dataIndex: 'sort', width: 80 },
        textColumn('备注', 'remark'),
        statusColumn(),
      ]}
      actions={[toggleAction(dictApi.setStatus), deleteAction(dictApi.remove)]}
    />
  )
}
