import { useSearchParams } from 'react-router'
import { FormCard, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { ClassFields, type ClassValues } from './ClassFields'
import { classApi } from './grade-class-api'

/** /base-school/addClass (+ -zz): the add-class form; back to the class list of the chosen grade when saved. */
export default function AddClassPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const list = `/base-school/classManage${path.endsWith('-zz') ? '-zz' : ''}`
  const gradeId = params.get('gradeId') ? Number(params.get('gradeId')) : undefined
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect disabled />}>
      <FormCard<ClassValues>
        initialValues={{ gradeId, sort: 0 }}
        submit={classApi.add}
        groups={['classes', 'grades']}
        back={list}
        done={(v) => `${list}?gradeId=${v.gradeId}`}
      >
        <ClassFields adding />
      </FormCard>
    </PageFrame>
  )
}
