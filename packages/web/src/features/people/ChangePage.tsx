import { CHANGE_EFFECTS, UserType, type ChangeEffect, type ChangeRow } from '@zhixiao/shared'
import dayjs from 'dayjs'
import { CrudTableCard, fromDay, PageFrame, textColumn, type CrudForm } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { timeColumn } from './actions'
import { changeApi } from './api'
import { ChangeFields, type ChangeValues } from './ChangeFields'

/** /base-userAccount/typeChangeTeacher(One) and typeChangeStudent(One, Zz): 异动 records and 新增异动. */
export default function ChangePage({ path, title }: PageProps) {
  const userType = path.includes('typeChangeStudent') ? UserType.STUDENT : UserType.STAFF
  const student = userType === UserType.STUDENT
  const orgId = useScopeOrg()
  const form: CrudForm<ChangeRow, ChangeValues> = {
    noun: student ? '学生异动' : '教师异动',
    editable: false,
    initial: () => ({ effect: 'none', changedOn: dayjs() }),
    submit: (v) =>
      changeApi.add({
        userInfoId: v.userInfoId,
        changeTypeId: v.changeTypeId,
        effect: v.effect,
        changedOn: fromDay(v.changedOn),
        remark: v.remark || null,
        toClassId: v.effect === 'move' && student ? (v.toClassId ?? null) : null,
        toOrgId: v.effect === 'move' && !student ? (v.toOrgId ?? null) : null,
      }),
    fields: () => <ChangeFields userType={userType} />,
  }
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect />}>
      <CrudTableCard<ChangeRow, ChangeValues>
        // A change may move or archive people: their lists refresh too.
        queryKey={['changes', userType, orgId]}
        invalidates={[student ? 'students' : 'teachers']}
        search={student ? '学生姓名或学号' : '教师姓名或工号'}
        form={form}
        addLabel="新增异动"
        addCode={student ? 'base_student_change_type' : 'base_teacher_change_type'}
        fetch={(q) => changeApi.page({ orgId, userType, ...q })}
        columns={[
          { title: '姓名', dataIndex: 'trueName' },
          textColumn(student ? '学号' : '工号', 'jobNo'),
          { title: '异动类型', dataIndex: 'changeTypeName' },
          { title: '异动结果', dataIndex: 'effect', render: (v: string) => CHANGE_EFFECTS[v as ChangeEffect] ?? v },
          textColumn('调出', 'fromName'),
          textColumn('调入', 'toName'),
          { title: '异动日期', dataIndex: 'changedOn' },
          textColumn('备注', 'remark'),
          timeColumn('登记时间', 'createdAt'),
        ]}
      />
    </PageFrame>
  )
}
