import { COMPLAINT_ROLE_OPTIONS, type ComplaintClassRow, type ComplaintConfig } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Checkbox, Form, Input, Select, Spin } from 'antd'
import { useState } from 'react'
import { CrudTableCard, deleteAction, PageFrame, useWrite, wholeList } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { complaintApi, ComplaintKeys } from './api'

const BASE = 'sc_menhu_newFeedback_config_base_config'
interface ClassForm {
  name: string
  handlerIds: number[]
}

/** Staff of the org, searched by name; the class's current handlers stay listed while editing. */
function HandlerSelect({
  id,
  value,
  onChange,
  current,
}: {
  id?: string
  value?: number[]
  onChange?: (v: number[]) => void
  current: ComplaintClassRow['handlers']
}) {
  const [keyword, setKeyword] = useState('')
  const staff = useQuery({
    queryKey: [ComplaintKeys.classes, 'staff', keyword],
    queryFn: () => complaintApi.staff(keyword),
    staleTime: 30_000,
  })
  const options = new Map(current.map((h) => [h.userInfoId, h.trueName]))
  for (const s of staff.data ?? []) options.set(s.userInfoId, s.trueName)
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={staff.isFetching}
      placeholder="搜索教职工姓名"
      data-testid="handler-select"
      options={[...options].map(([v, label]) => ({ value: v, label }))}
    />
  )
}

/**
 * /menhu-complaintSuggest/index (基础配置, sc_menhu_newFeedback_config_base_config): whether the feature is on,
 * which user types may submit (and see the header entry), anonymous submission, and the classifications with
 * the staff who handle each.
 */
export default function ConfigPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [ComplaintKeys.config, 'me'], queryFn: () => complaintApi.config() })
  const write = useWrite([ComplaintKeys.config])
  return (
    <PageFrame path={path} title={title}>
      <Card size="small" title="基础配置" style={{ marginBottom: 16 }}>
        {!cfg.data ? (
          <Spin />
        ) : (
          <Form<ComplaintConfig>
            layout="inline"
            initialValues={cfg.data}
            onFinish={(v) => void write(() => complaintApi.setConfig(v))}
          >
            <Form.Item name="enable" valuePropName="checked">
              <Checkbox data-testid="complaint-enable">开启投诉建议</Checkbox>
            </Form.Item>
            <Form.Item name="userRole" label="可提交身份">
              <Select
                mode="multiple"
                style={{ minWidth: 320 }}
                data-testid="complaint-roles"
                options={COMPLAINT_ROLE_OPTIONS.map((o) => ({ ...o }))}
              />
            </Form.Item>
            <Form.Item name="allowAnonymous" valuePropName="checked">
              <Checkbox>允许匿名提交</Checkbox>
            </Form.Item>
            <Button type="primary" htmlType="submit" data-testid="complaint-config-save">
              保存
            </Button>
          </Form>
        )}
      </Card>
      <CrudTableCard<ComplaintClassRow, ClassForm>
        title="投诉建议分类"
        queryKey={[ComplaintKeys.classes]}
        pagination={false}
        addCode={BASE}
        editCode={BASE}
        addLabel="新增分类"
        fetch={async () => wholeList(await complaintApi.classes())}
        columns={[
          { title: '分类名称', dataIndex: 'name' },
          {
            title: '处理人',
            key: 'handlers',
            render: (_: unknown, r: ComplaintClassRow) => r.handlers.map((h) => h.trueName).join('、'),
          },
        ]}
        form={{
          noun: '分类',
          initial: (r) => ({ name: r?.name ?? '', handlerIds: r?.handlers.map((h) => h.userInfoId) ?? [] }),
          fields: (r) => (
            <>
              <Form.Item
                name="name"
                label="分类名称"
                rules={[{ required: true, whitespace: true, message: '请输入分类名称' }]}
              >
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item name="handlerIds" label="处理人" rules={[{ required: true, message: '请选择处理人' }]}>
                <HandlerSelect current={r?.handlers ?? []} />
              </Form.Item>
            </>
          ),
          submit: (v, r) => (r ? complaintApi.updateClass({ id: r.id, ...v }) : complaintApi.addClass(v)),
        }}
        actions={[
          deleteAction<ComplaintClassRow>(complaintApi.removeClass, {
            code: BASE,
            content: '已有投诉建议的分类不能删除。',
          }),
        ]}
      />
    </PageFrame>
  )
}
