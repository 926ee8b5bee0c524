import {
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  MP_PLATFORM_LABELS,
  type MessageEvent,
  type MpPlatform,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Form, Input, Select, Spin } from 'antd'
import { useSearchParams } from 'react-router'
import { FormCard, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { mpApi, MpKeys } from './api'
import { mpInitial } from './MpAppForm'
import { MP_MAPS } from './mp-pages'

type Values = { event: MessageEvent; ids: Record<string, string> }

/** addModel: one event's template id in each app of the terminal (an empty field removes the mapping). */
export default function TemplateMapFormPage({ path, title }: PageProps) {
  const m = MP_MAPS[path]!
  const event = (useSearchParams()[0].get('event') ?? 'joinApproved') as MessageEvent
  const apps = useQuery({ queryKey: [MpKeys.list, m.scope], queryFn: () => mpApi.list(m.scope) })
  // Each app is saved whole with its secret left empty (kept), its other settings as stored.
  const submit = async (v: Values) => {
    let last = null
    for (const a of apps.data ?? []) {
      const templates = { ...a.templates, [v.event]: (v.ids[String(a.id)] ?? '').trim() }
      if (!templates[v.event]) delete templates[v.event]
      last = await mpApi.save(m.scope, { ...mpInitial(a.platform as MpPlatform, a), templates } as Parameters<
        typeof mpApi.save
      >[1])
    }
    return last ?? { code: 0, msg: '保存成功', data: null }
  }
  return (
    <PageFrame path={path} title={title}>
      {!apps.data ? (
        <Spin />
      ) : (
        <FormCard<Values>
          groups={[MpKeys.list]}
          back={m.back}
          submit={submit}
          initialValues={{
            event,
            ids: Object.fromEntries(apps.data.map((a) => [String(a.id), a.templates[event] ?? ''])),
          }}
        >
          <Form.Item name="event" label="触发事件">
            <Select disabled options={MESSAGE_EVENTS.map((value) => ({ value, label: MESSAGE_EVENT_LABELS[value] }))} />
          </Form.Item>
          {apps.data.map((a) => (
            <Form.Item
              key={a.id}
              name={['ids', String(a.id)]}
              label={`${a.name}（${MP_PLATFORM_LABELS[a.platform as MpPlatform]}）模板ID`}
              rules={[{ max: 64, message: '输入内容过长' }]}
            >
              <Input maxLength={64} />
            </Form.Item>
          ))}
        </FormCard>
      )}
    </PageFrame>
  )
}
