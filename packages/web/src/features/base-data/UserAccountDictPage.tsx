import type { DictType } from '@zhixiao/shared'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { DictTabs } from './DictTabs'
import { WorkStationMatrixPanel } from './WorkStationMatrixPanel'

const PEOPLE: DictType[] = [
  'politicalStatus',
  'position',
  'job',
  'laborType',
  'title',
  'education',
  'degree',
  'teacherType',
]
const ONE_ORG_EXTRA: DictType[] = ['teacherChangeType', 'studentChangeType']

/**
 * /base-userAccount/dictionary and dictionaryOne (the single-org variant adds the change types); jobMatrixSet (岗位矩阵)
 * follows 岗位, whose entries are its rows.
 */
export default function UserAccountDictPage({ path, title }: PageProps) {
  const types = path.endsWith('dictionaryOne') ? [...PEOPLE, ...ONE_ORG_EXTRA] : PEOPLE
  return (
    <PageFrame path={path} title={title}>
      <DictTabs
        types={types}
        after={{ job: { key: 'jobMatrixSet', label: '岗位矩阵', children: <WorkStationMatrixPanel /> } }}
      />
    </PageFrame>
  )
}
