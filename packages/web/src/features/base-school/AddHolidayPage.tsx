import { FormCard, PageFrame } from '../../components/crud'
import type { PageProps } from '../../router/pages'
import { holidayApi } from './calendar-api'
import { holidayBody, HolidayFields, type HolidayValues } from './HolidayFields'

/** /base-school/addHoliday: the add-holiday form; back to holidaySet when saved. */
export default function AddHolidayPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <FormCard<HolidayValues> initialValues={{ kind: 'holiday' }} submit={(v) => holidayApi.add(holidayBody(v))} groups={['holidays']} back="/base-school/holidaySet">
        <HolidayFields />
      </FormCard>
    </PageFrame>
  )
}
