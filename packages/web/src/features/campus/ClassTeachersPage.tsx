import { useQuery } from '@tanstack/react-query'
import { Card, Empty, Form, Select, Spin, Typography } from 'antd'
import { useSearchParams } from 'react-router'
import { PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { teacherApi } from '../people/api'
import { campusApi, CampusKeys } from './api'

interface Values {
  headTeacherId: number | null
  teacherIds: number[]
  /** Each teacher's subjects in the class, by member id. */
  subjects?: Record<string, number[] | undefined>
}

/**
 * /base-school/classTeachers?classId= (班级教师, base_school): who heads and who teaches a class, which the campus
 * portal's "my classes" reads (docs/campus.md "Campus portal"), and the subjects each of them teaches in it, which the
 * directory API and the zx:school claim release (docs/open-platform.md). Choices are the live staff of the class's
 * school and its enabled subjects (a subject disabled since it was given stays shown, marked 已停用).
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
  const [form] = Form.useForm<Values>()
  const head = Form.useWatch('headTeacherId', form)
  const chosen = Form.useWatch('teacherIds', form)
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
  // Whose subjects are asked: the head teacher and the subject teachers as chosen now, each once.
  const teaching = [...new Set([...(head ? [head] : []), ...(chosen ?? [])])]
  const nameOf = (id: number) =>
    staff.data?.list.find((x) => x.id === id)?.trueName ?? c?.teachers.find((x) => x.userInfoId === id)?.trueName
  const subjectOptions = [
    ...(c?.subjectOptions ?? []).map((x) => ({ value: x.id, label: x.name })),
    ...(c?.teachers ?? [])
      .flatMap((x) => x.subjects)
      .filter((x, i, all) => x.status !== 0 && all.findIndex((y) => y.id === x.id) === i)
      .map((x) => ({ value: x.id, label: `${x.name}（已停用）` })),
  ]
  return (
    <PageFrame path={path} title={c ? `${title}：${c.gradeName}${c.className}` : title}>
      <Card size="small">
        {!c || staff.isLoading ? (
          <Spin />
        ) : (
          <Form<Values>
            form={form}
            layout="vertical"
            style={{ maxWidth: 520 }}
            key={`${c.classId}-${c.teachers.length}`}
            initialValues={{
              headTeacherId: c.teachers.find((x) => x.isHead)?.userInfoId ?? null,
              teacherIds: c.teachers.filter((x) => !x.isHead).map((x) => x.userInfoId),
              subjects: Object.fromEntries(c.teachers.map((x) => [String(x.userInfoId), x.subjects.map((y) => y.id)])),
            }}
            onFinish={(v) => {
              const ids = [...new Set([...(v.headTeacherId ? [v.headTeacherId] : []), ...(v.teacherIds ?? [])])]
              void write(() =>
                campusApi.saveClassTeachers({
                  classId: c.classId,
                  headTeacherId: v.headTeacherId ?? null,
                  teacherIds: v.teacherIds ?? [],
                  teacherSubjects: ids.map((id) => ({ userInfoId: id, subjectIds: v.subjects?.[String(id)] ?? [] })),
                }),
              )
            }}
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
            {teaching.length > 0 && (
              <Card size="small" type="inner" title="任教学科" style={{ marginBottom: 24 }}>
                {subjectOptions.length === 0 && (
                  <Typography.Paragraph type="secondary">
                    本校还没有启用的学科，请先在“学科管理”中添加。
                  </Typography.Paragraph>
                )}
                {teaching.map((id) => (
                  <Form.Item
                    key={id}
                    name={['subjects', String(id)]}
                    label={`${nameOf(id) ?? id}${id === head ? '（班主任）' : ''}的任教学科`}
                    rules={[{ type: 'array', max: 20, message: '每位教师的任教学科不能超过20门' }]}
                  >
                    <Select
                      mode="multiple"
                      allowClear
                      showSearch={filter}
                      options={subjectOptions}
                      placeholder="选择任教学科"
                    />
                  </Form.Item>
                ))}
              </Card>
            )}
            <PermButton code="base_school" type="primary" htmlType="submit">
              保存
            </PermButton>
          </Form>
        )}
      </Card>
    </PageFrame>
  )
}
