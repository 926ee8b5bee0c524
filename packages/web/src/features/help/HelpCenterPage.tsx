import { UserType } from '@zhixiao/shared'
import { Button, Card, Col, Row, Typography } from 'antd'
import { Link } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { adminEntry } from '../../layouts/menu'
import type { PageProps } from '../../navigation/page-props'
import { useSession } from '../../stores/session'
import { useFeedbackEntry } from '../complaints/api'
import { HELP_BY_TYPE, type HelpTopic } from './help-content'

/**
 * /helpCenter/index (帮助中心 of members): the help that applies to the signed-in user's type (staff, student,
 * parent). Admins reach the set-up guide from the user menu instead (docs/portal-config.md).
 */
export default function HelpCenterPage({ path, title }: PageProps) {
  const stored = useSession((s) => s.userInfo)
  const user = useCurrentUser().data ?? stored
  const complaint = useFeedbackEntry(user?.userType ?? null)
  if (!user) return null
  const help = HELP_BY_TYPE[user.userType as UserType] ?? HELP_BY_TYPE[UserType.STAFF]
  const state: Record<NonNullable<HelpTopic['when']>, boolean> = {
    complaint,
    noComplaint: !complaint,
    admin: !!adminEntry(user),
  }
  const topics = help.topics.filter((t) => !t.when || state[t.when])
  return (
    <div
      data-page={path}
      data-user-type={user.userType}
      style={{ maxWidth: 1200, margin: '0 auto', padding: '16px 24px' }}
    >
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="help-intro">
        {help.intro}您当前的身份是“{help.label}”（{user.orgName}）。
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {topics.map((t) => (
          <Col key={`${t.key}-${t.when ?? ''}`} xs={24} md={12}>
            <Card
              size="small"
              title={t.title}
              data-testid="help-topic"
              style={{ height: '100%' }}
              extra={
                t.link && (
                  <Link to={t.link.to}>
                    <Button size="small" type="link">
                      {t.link.label}
                    </Button>
                  </Link>
                )
              }
            >
              <ol style={{ paddingInlineStart: 20, margin: 0 }}>
                {t.steps.map((s) => (
                  <li key={s} style={{ marginBottom: 6 }}>
                    {s}
                  </li>
                ))}
              </ol>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  )
}
