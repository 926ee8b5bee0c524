import {
  CONSENT_CHANNEL_LABEL,
  CONSENT_PURPOSES,
  type ConsentItem,
  type ConsentLine,
  type ConsentPurpose,
} from '@zhixiao/shared'
import { Button, Empty, List, Modal, Select, Skeleton, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useWrite } from '../../components/crud'
import { useMyChildren } from './api'
import { consentApi, useChildConsents } from './consent-api'

const labelOf = (purpose: ConsentPurpose, appName: string | null) =>
  appName ? `${CONSENT_PURPOSES[purpose].label}：${appName}` : CONSENT_PURPOSES[purpose].label

/** The confirmation states what is agreed to (or withdrawn), why consent is asked, and the notice version. */
function ConfirmBody({
  item,
  noticeVersion,
  childName,
}: {
  item: ConsentItem
  noticeVersion: string
  childName: string
}) {
  const p = CONSENT_PURPOSES[item.purpose]
  return (
    <div data-testid="consent-confirm" style={{ fontSize: 14 }}>
      <p>
        <strong>{item.given ? '撤回同意' : '同意'}</strong>：{labelOf(item.purpose, item.appName)}（{childName}）
      </p>
      <p>用途：{p.description}</p>
      <p>为什么需要您同意：{p.legalBasis}</p>
      <p>
        {item.given ? '撤回后' : '不同意或以后撤回'}：{p.ifRefused}
      </p>
      <p>
        依据《个人信息保护告知书》<strong>{noticeVersion}</strong>。您可以随时在这里撤回，撤回在应用下一次读取时生效。
      </p>
    </div>
  )
}

function HistoryItem({ r }: { r: ConsentLine }) {
  return (
    <List.Item data-testid="consent-history-item" style={{ display: 'block' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <span style={{ overflowWrap: 'anywhere' }}>{labelOf(r.purpose, r.appName)}</span>
        <Tag color={r.given ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
          {r.given ? '同意' : '撤回'}
        </Tag>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
        {r.guardianName}
        {r.relation ? `（${r.relation}）` : ''} · {CONSENT_CHANNEL_LABEL[r.channel]} · 告知书 {r.noticeVersion}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {r.at}
      </Typography.Text>
    </List.Item>
  )
}

/**
 * 孩子的授权: for each of the parent's children, every use that needs a guardian's consent (each third-party app
 * separately), its current state, give or withdraw after a confirmation, and the history (docs/privacy.md
 * "Consent"). School-record (学籍) and teaching uses never ask and are not listed. Used by the personal centre (pc)
 * and the mobile portal (mobile).
 */
export function ChildConsentList({ channel, initialChildId }: { channel: 'pc' | 'mobile'; initialChildId?: number }) {
  const children = useMyChildren()
  const [picked, setPicked] = useState<number | undefined>(undefined)
  const [asking, setAsking] = useState<ConsentItem | null>(null)
  const [busy, setBusy] = useState(false)
  const write = useWrite(['privacy'])
  const kids = children.data ?? []
  const childId = picked ?? kids.find((c) => c.id === initialChildId)?.id ?? kids[0]?.id
  const consents = useChildConsents(childId)
  if (children.isPending) return <Skeleton active />
  if (!kids.length) return <Empty description="未绑定孩子" />
  const data = consents.data
  const confirm = async () => {
    if (!asking || !data) return
    setBusy(true)
    const env = await write(() =>
      consentApi.set({
        childId: data.childId,
        purpose: asking.purpose,
        appId: asking.appId,
        given: !asking.given,
        noticeVersion: data.noticeVersion,
        channel,
      }),
    )
    setBusy(false)
    if (env) setAsking(null)
  }
  return (
    <div data-testid="child-consents">
      {kids.length > 1 && (
        <Select
          style={{ width: '100%', marginBottom: 12 }}
          value={childId}
          onChange={setPicked}
          aria-label="选择孩子"
          options={kids.map((c) => ({
            value: c.id,
            label: c.className ? `${c.trueName}（${c.className}）` : c.trueName,
          }))}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        学籍管理和教学所需的信息处理属于学校的法定职责，无需您同意；下列用途只有在您同意后才会进行，您可以随时撤回。
        {data?.under14 && (
          <Tag color="orange" style={{ marginInlineStart: 8 }}>
            未满14周岁
          </Tag>
        )}
      </Typography.Paragraph>
      <List
        loading={consents.isPending}
        dataSource={data?.items ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">暂无需要授权的用途</Typography.Text> }}
        renderItem={(i) => (
          <List.Item
            data-testid="consent-item"
            style={{ flexWrap: 'wrap', gap: 8 }}
            actions={[
              <Button
                key="toggle"
                size="small"
                danger={i.given}
                onClick={() => setAsking(i)}
                aria-label={`${i.given ? '撤回同意' : '同意'}：${labelOf(i.purpose, i.appName)}`}
              >
                {i.given ? '撤回同意' : '同意'}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={<span style={{ overflowWrap: 'anywhere' }}>{labelOf(i.purpose, i.appName)}</span>}
              description={
                <span>
                  <Tag color={i.given ? 'green' : 'default'}>{i.given ? '已同意' : '未同意'}</Tag>
                  {i.at && <span style={{ fontSize: 12 }}>{i.at}</span>}
                </span>
              }
            />
          </List.Item>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        授权记录
      </Typography.Title>
      <List
        dataSource={data?.history ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">暂无授权记录</Typography.Text> }}
        renderItem={(r) => <HistoryItem key={r.id} r={r} />}
      />
      <Modal
        open={asking !== null}
        title={asking?.given ? '确认撤回同意' : '确认同意'}
        okText={asking?.given ? '撤回同意' : '同意'}
        okButtonProps={{ danger: asking?.given, loading: busy }}
        cancelText="取消"
        onOk={() => void confirm()}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        {asking && data && <ConfirmBody item={asking} noticeVersion={data.noticeVersion} childName={data.childName} />}
      </Modal>
    </div>
  )
}
