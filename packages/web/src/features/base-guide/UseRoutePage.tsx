import { Alert, Card, Steps, Typography } from 'antd'
import { Link } from 'react-router'
import { PageFrame } from '../../components/crud'
import { visibleAdminRoutes } from '../../layouts/menu'
import type { PageProps } from '../../navigation/page-props'
import { useSession } from '../../stores/session'

/** One set-up step; `paths` are the route variants (multi-org / single-org, Z12 / Z3), the first the menu shows wins. */
interface Step {
  title: string
  paths: string[]
  text: string
}

const STEPS: Step[] = [
  {
    title: '机构设置',
    paths: ['/base-organization/orgSet'],
    text: '建立学校、部门等组织机构，学校的单位属性选小学、中学等学校类，并选择学段类型（中小学或高等教育）。',
  },
  {
    title: '楼宇教室',
    paths: ['/base-buildLot/roomManage'],
    text: '新增楼宇及其楼层，再逐间或批量新增教室，设置教室用途与标签。',
  },
  {
    title: '校历',
    paths: ['/base-school/calendarSet'],
    text: '按学年设置第一、第二学期的起止日期，再补充节假日、学月与作息时间。',
  },
  { title: '年级', paths: ['/base-school/gradeManage'], text: '按入学年份新增年级，可选择所属学段。' },
  {
    title: '班级',
    paths: ['/base-school/classManage', '/base-school/classManage-zz'],
    text: '在年级下新增班级；年级归档时，其下班级一并归档。',
  },
  {
    title: '学科',
    paths: ['/base-school/dictionary/subjectManage', '/base-school/dictionaryOne/subjectManage'],
    text: '维护本校开设的学科及其类别。',
  },
  { title: '人员', paths: ['/base-userAccount/teachers'], text: '录入教师、学生与家长，并为其分配班级与角色。' },
]

/**
 * /base-useRoute/index (使用指南): the order to set up base data. Each step links to its page only when the side
 * menu offers that page to the user (the same filter), so the guide never points at a 404.
 */
export default function UseRoutePage({ path, title }: PageProps) {
  const user = useSession((s) => s.userInfo)
  const allowed = new Set(visibleAdminRoutes(user).map((r) => r.path))
  return (
    <PageFrame path={path} title={title}>
      <Card size="small">
        <Typography.Paragraph>
          新学校开始使用前，请按以下顺序设置基础数据：后面的步骤会用到前面的数据（例如班级属于年级，年级属于学校）。
        </Typography.Paragraph>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="教育局管理员可在学校设置、楼宇教室等页面右上角的“当前学校”中，选择要为其设置基础数据的下级学校。"
        />
        <Steps
          orientation="vertical"
          current={-1}
          items={STEPS.map((s, i) => {
            const to = s.paths.find((p) => allowed.has(p))
            return {
              key: s.title,
              title: to ? (
                <Link to={to}>{`${i + 1}. ${s.title}`}</Link>
              ) : (
                <span>
                  {`${i + 1}. ${s.title}`} <Typography.Text type="secondary">（无访问权限）</Typography.Text>
                </span>
              ),
              content: s.text,
            }
          })}
        />
      </Card>
    </PageFrame>
  )
}
