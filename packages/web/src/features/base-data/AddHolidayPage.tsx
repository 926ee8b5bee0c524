import { FormCard, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { holidayApi } from './calendar-api'
import { holidayBody, HolidayFields, type HolidayValues } from './HolidayFields'

/** /base-school/addHoliday: the add-holiday form; back to holidaySet when saved. */
export default function AddHolidayPage({ path, title }: PageProps) {
  const orgId = useScopeOrg()
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect disabled />}>
      <FormCard<HolidayValues>
        initialValues={{ kind: 'holiday' }}
        submit={(v) => holidayApi.add(holidayBody(v, orgId))}
        groups={['holidays']}
        back="/base-school/holidaySet"
      >
        <HolidayFields />
      </FormCard>
    </PageFrame>
  )
}
