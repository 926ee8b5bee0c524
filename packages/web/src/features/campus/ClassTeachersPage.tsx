import { useQuery } from '@tanstack/react-query'
import { Card, Empty, Form, Select, Spin } from 'antd'
import { useSearchParams } from 'react-router'
import { PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { teacherApi } from '../people/api'
import { campusApi, CampusKeys } from './api'

interface Values {
  headTeacherId: number | null
  teacherIds: number[]
}

/**
 * /base-school/classTeachers?classId= (班级教师, base_school): who heads and who teaches a class, which the campus
 * portal's "my classes" reads (docs/campus.md "Campus portal"). Choices are the live staff of the class's school.
 */
export default function ClassTeachersPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const classId = Number(params.get('classId'))
  const cls = useQuery({
    queryKey: [CampusKeys.classTeachers, classId],
    queryFn: () => campusApi.classTeachers(classId),
    enabled: classId > 0,
  })
  const orgId = cls.data?.orgId
  const staff = useQuery({
    queryKey: ['teachers', 'class-teachers', orgId],
    queryFn: () => teacherApi.page({ orgId, archived: false, pageIndex: 1, pageSize: 500 }),
    enabled: orgId !== undefined,
  })
  const write = useWrite([CampusKeys.classTeachers])
  const options = (staff.data?.list ?? []).map((t) => ({
    value: t.id,
    label: `${t.trueName}（${t.jobNo ?? t.phone ?? t.userName}）`,
  }))
  const filter = { filterOption: (input: string, o?: { label: string }) => (o?.label ?? '').includes(input.trim()) }

  if (!(classId > 0))
    return (
      <PageFrame path={path} title={title}>
        <Empty description="请从班级管理中选择班级" />
      </PageFrame>
    )
  const c = cls.data
  return (
    <PageFrame path={path} title={c ? `${title}：${c.gradeName}${c.className}` : title}>
      <Card size="small">
        {!c || staff.isLoading ? (
          <Spin />
        ) : (
          <Form<Values>
            layout="vertical"
            style={{ maxWidth: 520 }}
            key={`${c.classId}-${c.teachers.length}`}
            initialValues={{
              headTeacherId: c.teachers.find((x) => x.isHead)?.userInfoId ?? null,
              teacherIds: c.teachers.filter((x) => !x.isHead).map((x) => x.userInfoId),
            }}
            onFinish={(v) =>
              void write(() =>
                campusApi.saveClassTeachers({
                  classId: c.classId,
                  headTeacherId: v.headTeacherId ?? null,
                  teacherIds: v.teacherIds ?? [],
                }),
              )
            }
          >
            <Form.Item name="headTeacherId" label="班主任">
              <Select
                allowClear
                showSearch={filter}
                options={options}
                placeholder="选择班主任"
                data-testid="class-head"
              />
            </Form.Item>
            <Form.Item
              name="teacherIds"
              label="任课教师"
              rules={[{ type: 'array', max: 50, message: '任课教师不能超过50人' }]}
            >
              <Select
                mode="multiple"
                allowClear
                showSearch={filter}
                options={options}
                placeholder="选择任课教师"
                data-testid="class-teachers"
              />
            </Form.Item>
            <PermButton code="base_school" type="primary" htmlType="submit">
              保存
            </PermButton>
          </Form>
        )}
      </Card>
    </PageFrame>
  )
}
