import {
  NATIONS,
  SEX_LABEL,
  USER_TYPE_LABEL,
  type PersonalDetails,
  type PersonalDetailsUpdateBody,
  type UserType,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, DatePicker, Descriptions, Form, Input, Select, Spin } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { CrudFormModal, DAY_FORMAT, fromDay, PageFrame, toDay, useWrite } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useDictOptions } from '../base-data/dict-api'
import { personalDetailsApi } from './api'
import { DictText, sexText, text } from './DetailBits'

type Values = Omit<PersonalDetailsUpdateBody, 'birthday'> & { birthday?: Dayjs | null }

/**
 * /base-userAccount/personalData: the signed-in member's own data (userInfo/personalDetails) — who they are in this
 * org and the person facts. 编辑资料 keeps what is theirs to keep (sex and birthday unless an ID card decides them,
 * nation, email, political status, education, degree); name, phone and ID card stay with the administrators.
 */
export default function PersonalDataPage({ path, title }: PageProps) {
  const q = useQuery({ queryKey: ['personalDetails'], queryFn: personalDetailsApi.get })
  const write = useWrite(['personalDetails', 'account'])
  const [editing, setEditing] = useState(false)
  const d = q.data
  const save = async (v: Values) =>
    (await write(() => personalDetailsApi.update({ ...v, birthday: v.birthday ? fromDay(v.birthday) : null }))) !== null
  return (
    <PageFrame path={path} title={title}>
      <Card
        size="small"
        extra={
          d && (
            <Button type="primary" onClick={() => setEditing(true)}>
              编辑资料
            </Button>
          )
        }
      >
        {q.isLoading || !d ? (
          <Spin />
        ) : (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { label: '姓名', children: text(d.trueName) },
              { label: '登录名', children: text(d.userName) },
              { label: '机构', children: text(d.orgName) },
              { label: '身份', children: USER_TYPE_LABEL[d.userType as UserType] ?? '—' },
              { label: '手机号', children: text(d.phone) },
              { label: '身份证号', children: text(d.idCard) },
              { label: '性别', children: sexText(d.sex) },
              { label: '出生日期', children: text(d.birthday) },
              { label: '民族', children: text(d.nation) },
              { label: '邮箱', children: text(d.email) },
              { label: '政治面貌', children: <DictText dictType="politicalStatus" id={d.politicalStatusId} /> },
              { label: '学历', children: <DictText dictType="education" id={d.educationId} /> },
              { label: '学位', children: <DictText dictType="degree" id={d.degreeId} /> },
              { label: '职称', children: text(d.titleName) },
              { label: '职务', children: text(d.positionName) },
              { label: '部门', children: text(d.deptName) },
              { label: '工号', children: text(d.jobNo) },
              { label: '入职日期', children: text(d.enteredOn) },
            ]}
          />
        )}
      </Card>
      {editing && d && <EditModal d={d} onSubmit={save} onClose={() => setEditing(false)} />}
    </PageFrame>
  )
}

function EditModal({
  d,
  onSubmit,
  onClose,
}: {
  d: PersonalDetails
  onSubmit: (v: Values) => Promise<boolean>
  onClose: () => void
}) {
  const political = useDictOptions('politicalStatus')
  const education = useDictOptions('education')
  const degree = useDictOptions('degree')
  const byCard = d.idCard !== null
  return (
    <CrudFormModal<Values>
      title="编辑资料"
      onSubmit={onSubmit}
      onClose={onClose}
      initialValues={{
        sex: d.sex,
        birthday: d.birthday ? toDay(d.birthday) : null,
        nation: d.nation,
        email: d.email,
        politicalStatusId: d.politicalStatusId,
        educationId: d.educationId,
        degreeId: d.degreeId,
      }}
    >
      <Form.Item name="sex" label="性别" extra={byCard ? '由身份证号确定' : undefined}>
        <Select
          allowClear
          disabled={byCard}
          placeholder="请选择性别"
          options={Object.entries(SEX_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))}
        />
      </Form.Item>
      <Form.Item name="birthday" label="出生日期" extra={byCard ? '由身份证号确定' : undefined}>
        <DatePicker disabled={byCard} format={DAY_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="nation" label="民族">
        <Select allowClear showSearch placeholder="请选择民族" options={NATIONS.map((n) => ({ value: n, label: n }))} />
      </Form.Item>
      <Form.Item
        name="email"
        label="邮箱"
        rules={[
          { type: 'email', message: '邮箱格式不正确' },
          { max: 60, message: '邮箱不能超过60个字符' },
        ]}
      >
        <Input placeholder="请输入邮箱" />
      </Form.Item>
      <Form.Item name="politicalStatusId" label="政治面貌">
        <Select allowClear placeholder="请选择政治面貌" options={political.options} />
      </Form.Item>
      <Form.Item name="educationId" label="学历">
        <Select allowClear placeholder="请选择学历" options={education.options} />
      </Form.Item>
      <Form.Item name="degreeId" label="学位">
        <Select allowClear placeholder="请选择学位" options={degree.options} />
      </Form.Item>
    </CrudFormModal>
  )
}
