import { SCHOOL_STAGE_LABEL, optionsOf, type OrgRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Form, Input, InputNumber, Modal, Select } from 'antd'
import { useEffect, useState } from 'react'
import { notify } from '../../api/feedback'
import { UnitAttrSelect } from '../../components/UnitAttrSelect'
import { orgApi, orgTypeApi } from './api'
import { formValues } from '../../components/form-values'

export interface OrgFormValues {
  name: string
  orgCode?: string
  orgType: 'org' | 'depart'
  typeId?: number | null
  unitAttr?: number
  appType?: 1 | 2 | null
  sort?: number
  address?: string
  contact?: string
  phone?: string
  remark?: string
}

/** Add (under `parent`) or edit (`editing`) an organisation or department. */
export function OrgFormModal({
  parent,
  editing,
  onClose,
  onSaved,
}: {
  parent: OrgRow | null
  editing: OrgRow | null
  onClose: () => void
  onSaved: () => void
}) {
  const [form] = Form.useForm<OrgFormValues>()
  const [busy, setBusy] = useState(false)
  const orgType = Form.useWatch('orgType', form) ?? editing?.orgType ?? 'org'
  const types = useQuery({
    queryKey: ['orgTypes', orgType],
    queryFn: () => orgTypeApi.page(orgType as 'org' | 'depart'),
  })

  useEffect(() => {
    form.setFieldsValue(
      editing
        ? {
            ...editing,
            orgType: editing.orgType as 'org' | 'depart',
            appType: editing.appType as 1 | 2 | null,
            orgCode: editing.orgCode ?? undefined,
            address: editing.address ?? undefined,
            contact: editing.contact ?? undefined,
            phone: editing.phone ?? undefined,
            remark: editing.remark ?? undefined,
          }
        : { orgType: 'org', unitAttr: parent?.unitAttr, appType: (parent?.appType as 1 | 2 | null) ?? null, sort: 0 },
    )
  }, [editing, parent, form])

  const submit = async () => {
    const v = await formValues(form)
    if (!v) return
    setBusy(true)
    try {
      const res = editing
        ? await orgApi.update({ orgId: editing.orgId, ...v })
        : await orgApi.add({ parentId: parent!.orgId, ...v })
      notify.success(res.msg)
      onSaved()
    } catch {
      /* the client already showed the server's message */
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={editing ? '编辑机构' : `新增机构（上级：${parent?.name ?? ''}）`}
      okText="确定"
      cancelText="取消"
      onOk={submit}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入机构名称' },
            { max: 50, message: '机构名称不能超过50个字符' },
          ]}
        >
          <Input placeholder="请输入机构名称" />
        </Form.Item>
        {!editing && (
          <Form.Item name="orgType" label="类别">
            <Select
              options={[
                { value: 'org', label: '机构' },
                { value: 'depart', label: '部门' },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="orgCode" label="编码" rules={[{ max: 32, message: '长度不能超过32个字符' }]}>
          <Input placeholder="请输入机构编码" />
        </Form.Item>
        <Form.Item name="typeId" label={orgType === 'depart' ? '部门类型' : '机构类型'}>
          <Select
            allowClear
            placeholder="请选择"
            options={(types.data?.list ?? [])
              .filter((t) => t.status === 0)
              .map((t) => ({ value: t.id, label: t.name }))}
          />
        </Form.Item>
        {orgType === 'org' && (
          <>
            <Form.Item name="unitAttr" label="单位属性" extra="学校类单位可设置年级、班级与学生">
              <UnitAttrSelect />
            </Form.Item>
            <Form.Item name="appType" label="学段类型">
              <Select allowClear options={optionsOf(SCHOOL_STAGE_LABEL)} />
            </Form.Item>
          </>
        )}
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={99999} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="address" label="地址">
          <Input />
        </Form.Item>
        <Form.Item name="contact" label="联系人">
          <Input />
        </Form.Item>
        <Form.Item name="phone" label="联系电话">
          <Input />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
