import { DICT_TYPE_CODES, type DictType } from '@zhixiao/shared'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { SubjectPanel } from './SubjectPanel'
import { DictPanel } from './DictPanel'
import { DictTabs } from './DictTabs'

/** /base-school/dictionary(One)/{learnPeriod,subjectManage,admissionSet,studentSet,studyType}: one type per route. */
export default function SchoolDictPage({ path, title }: PageProps) {
  const type = path.split('/').pop() as DictType
  if (!DICT_TYPE_CODES.includes(type)) throw new Error(`no dictionary type in ${path}`)
  return (
    <PageFrame path={path} title={title}>
      {type === 'subjectManage' ? (
        <DictTabs types={['subjectManage']} extra={[{ key: 'subjects', label: '学科', children: <SubjectPanel /> }]} />
      ) : (
        <DictPanel dictType={type} />
      )}
    </PageFrame>
  )
}
