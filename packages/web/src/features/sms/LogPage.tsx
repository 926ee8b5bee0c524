import {
  isSuperAdmin,
  SMS_EVENT_LABELS,
  SMS_EVENTS,
  SMS_LOG_STATUS,
  SMS_LOG_STATUS_LABELS,
  type SmsLogRow,
} from '@zhixiao/shared'
import { App, Button, Input, InputNumber, Select } from 'antd'
import { useState } from 'react'
import { useCurrentUser } from '../../api/queries'
import { CrudTableCard, PageFrame } from '../../components/crud'
import { formatTime } from '../../components/crud/dates'
import type { PageProps } from '../../navigation/page-props'
import { smsApi, SmsKeys, type SmsLogFilter } from './config-api'

/**
 * /menhu-Duanxin/log (短信日志): who, which event, status and time, with the phone and the code masked. The platform
 * super administrator may name a tenant and open an outbox message's full text (how a fresh install receives codes).
 */
export default function SmsLogPage({ path, title }: PageProps) {
  const user = useCurrentUser().data
  const sup = !!user && isSuperAdmin(user)
  const { modal } = App.useApp()
  const [phone, setPhone] = useState('')
  const [event, setEvent] = useState<SmsLogFilter['event']>()
  const [status, setStatus] = useState<SmsLogFilter['status']>()
  const [tenantId, setTenantId] = useState<number | null>(null)
  const open = async (r: SmsLogRow) => {
    const full = await smsApi.fullText(tenantId ?? user!.tenantId, r.id)
    modal.info({
      title: `短信原文（${full.phone}）`,
      content: <div data-testid="sms-full-text">{full.content}</div>,
      okText: '关闭',
    })
  }
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<SmsLogRow>
        title="短信日志"
        readOnly
        queryKey={[SmsKeys.log, phone, event, status, tenantId]}
        fetch={(p) =>
          smsApi.log({
            pageIndex: p.pageIndex,
            pageSize: p.pageSize,
            phone: phone || undefined,
            event,
            status,
            tenantId: tenantId ?? undefined,
          })
        }
        filters={
          <>
            <Input.Search
              allowClear
              placeholder="手机号"
              style={{ width: 160 }}
              maxLength={11}
              onSearch={(v) => setPhone(v.trim())}
            />
            <Select
              allowClear
              placeholder="事件"
              aria-label="事件"
              style={{ width: 130 }}
              value={event}
              onChange={setEvent}
              options={SMS_EVENTS.map((v) => ({ value: v, label: SMS_EVENT_LABELS[v] }))}
            />
            <Select
              allowClear
              placeholder="状态"
              aria-label="状态"
              style={{ width: 150 }}
              value={status}
              onChange={setStatus}
              options={SMS_LOG_STATUS.map((v) => ({ value: v, label: SMS_LOG_STATUS_LABELS[v] }))}
            />
            {sup && (
              <InputNumber
                placeholder="租户ID"
                min={0}
                style={{ width: 110 }}
                value={tenantId}
                onChange={(v) => setTenantId(v)}
                data-testid="sms-log-tenant"
              />
            )}
          </>
        }
        columns={[
          { title: '手机号', dataIndex: 'phone' },
          { title: '账号', dataIndex: 'userName', render: (v: string | null) => v ?? '—' },
          { title: '事件', dataIndex: 'eventName' },
          { title: '状态', dataIndex: 'status', render: (v: SmsLogRow['status']) => SMS_LOG_STATUS_LABELS[v] },
          { title: '内容', dataIndex: 'content' },
          { title: '时间', dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          ...(sup
            ? [
                {
                  title: '原文',
                  key: 'full',
                  render: (_: unknown, r: SmsLogRow) =>
                    r.fullTextAvailable ? (
                      <Button type="link" size="small" onClick={() => void open(r)}>
                        查看原文
                      </Button>
                    ) : (
                      '—'
                    ),
                },
              ]
            : []),
        ]}
      />
    </PageFrame>
  )
}
