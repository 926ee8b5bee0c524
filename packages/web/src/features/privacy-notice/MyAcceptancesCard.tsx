import { NOTICE_LABEL, noticeVersionName, type NoticeKind } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, List, Tag } from 'antd'
import { useCurrentUser } from '../../api/queries'
import { noticeApi } from './api'
import { noticeHref } from './notice-href'

/** 个人中心: the notice versions this account accepted at sign-up; nothing for accounts made by a school. */
export function MyAcceptancesCard() {
  const tenantId = useCurrentUser().data?.tenantId
  const q = useQuery({ queryKey: ['privacyNotice', 'mine'], queryFn: () => noticeApi.myAcceptances() })
  if (!q.data?.length) return null
  const link = (kind: NoticeKind) => noticeHref(kind, { tenantId })
  return (
    <Card title="您已同意的版本" style={{ marginTop: 16 }} data-testid="oneself-notice-acceptances">
      <List
        dataSource={q.data}
        renderItem={(r) => (
          <List.Item>
            <div style={{ overflowWrap: 'anywhere' }}>
              <a href={link(r.kind)} target="_blank" rel="noopener noreferrer">
                {NOTICE_LABEL[r.kind]}
              </a>{' '}
              {noticeVersionName(r.version)}（{r.title}）
              <div style={{ fontSize: 12, color: '#4b5563' }}>同意于 {r.acceptedAt}</div>
            </div>
            {r.superseded && <Tag color="orange">已有新版本</Tag>}
          </List.Item>
        )}
      />
    </Card>
  )
}
