import { MOBILE_BUTTONS, MobileAppType } from '@zhixiao/shared'
import { Alert } from 'antd'
import { PageFrame } from '../../../components/crud'
import type { PageProps } from '../../../navigation/page-props'
import { AppGroupsPanel } from '../../apps/AppGroupsPanel'

const SCOPE: Record<string, { appType: number; code: string; who: string }> = {
  '/menhu-teacher/moilble-application': {
    appType: MobileAppType.TEACHER,
    code: MOBILE_BUTTONS.teacher.edit,
    who: '教师',
  },
  '/menhu-parent/application': { appType: MobileAppType.PARENT, code: MOBILE_BUTTONS.family.edit, who: '家长' },
  '/menhu-parent/student': { appType: MobileAppType.STUDENT, code: MOBILE_BUTTONS.family.edit, who: '学生' },
}

/** The app groups of a mobile terminal (teacher 0, parent 1, student 5): what its 应用 tab and home list. */
export default function MobileGroupsPage({ path, title }: PageProps) {
  const s = SCOPE[path] ?? SCOPE['/menhu-teacher/moilble-application']!
  return (
    <PageFrame path={path} title={title}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`这里的分组与应用显示在${s.who}移动端的首页与“应用”页；每人只看到自己可以使用的应用。`}
      />
      <AppGroupsPanel scope={s.appType} writeCode={s.code} />
    </PageFrame>
  )
}
