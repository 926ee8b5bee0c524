import {
  RED_DOT_SOURCE_LABEL,
  RED_DOT_SOURCES,
  RED_DOT_STYLE_LABEL,
  RedDotPerm,
  type RedDotRule,
  type RedDotSource,
  type RedDotStyle,
  type RedotMsgConfig,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import { PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { RdKeys, redDotAdminApi } from './api'
import { RED_DOTS_KEY } from './use-red-dots'

const SOURCE_TAG = { org: '本机构配置', tenant: '租户默认配置', default: '系统默认配置' } as const

/** A fresh rule id: marking again under a new id shows the dot to everyone again. */
const newId = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`

interface RuleForm {
  name: string
  kind: 'app' | 'menu'
  key: string
  source: RedDotSource
  style: RedDotStyle
  endDate: Dayjs | null
  enabled: boolean
}

function RuleModal({
  open,
  rule,
  onClose,
  onDone,
  targets,
}: {
  open: boolean
  rule: RedDotRule | null
  onClose: () => void
  onDone: (r: RedDotRule) => void
  targets: { apps: { uniqueId: string; name: string }[]; menus: { key: string; name: string }[] }
}) {
  const [form] = Form.useForm<RuleForm>()
  const kind = Form.useWatch('kind', form) ?? 'app'
  const source = Form.useWatch('source', form) ?? 'manual'
  useEffect(() => {
    if (!open) return
    form.setFieldsValue(
      rule
        ? {
            name: rule.name,
            kind: rule.target.kind,
            key: rule.target.key,
            source: rule.source,
            style: rule.style,
            endDate: rule.endDate ? dayjs(rule.endDate) : null,
            enabled: rule.enabled,
          }
        : { name: '', kind: 'app', key: undefined, source: 'manual', style: 'dot', endDate: null, enabled: true },
    )
  }, [open, rule, form])
  const styles: RedDotStyle[] = source === 'manual' ? ['dot', 'new'] : ['count', 'dot']
  const finish = (v: RuleForm) =>
    onDone({
      id: rule?.id ?? newId(),
      name: v.name.trim(),
      target: { kind: v.kind, key: v.key },
      source: v.source,
      style: styles.includes(v.style) ? v.style : styles[0]!,
      endDate: v.source === 'manual' && v.endDate ? v.endDate.format('YYYY-MM-DD') : null,
      enabled: v.enabled,
    })
  const options =
    kind === 'app'
      ? targets.apps.map((a) => ({ value: a.uniqueId, label: `${a.name}（${a.uniqueId}）` }))
      : targets.menus.map((m) => ({ value: m.key, label: m.name }))
  return (
    <Modal
      open={open}
      title={rule ? '编辑红点规则' : '新增红点规则'}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      forceRender
      width={520}
    >
      <Form form={form} layout="vertical" onFinish={finish} data-testid="redot-rule-form">
        <Form.Item name="name" label="规则名称">
          <Input maxLength={30} placeholder="如：新上线的成绩查询" />
        </Form.Item>
        <Form.Item name="kind" label="显示位置">
          <Select
            options={[
              { value: 'app', label: '应用（启动器、常用、顶部导航）' },
              { value: 'menu', label: '顶部入口' },
            ]}
            onChange={() => form.setFieldValue('key', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="key"
          label={kind === 'app' ? '应用' : '入口'}
          rules={[{ required: true, message: '请选择应用或菜单' }]}
        >
          <Select showSearch optionFilterProp="label" options={options} data-testid="redot-target" />
        </Form.Item>
        <Form.Item name="source" label="来源">
          <Select
            options={RED_DOT_SOURCES.map((s) => ({ value: s, label: RED_DOT_SOURCE_LABEL[s] }))}
            onChange={(s: RedDotSource) => form.setFieldValue('style', s === 'manual' ? 'dot' : 'count')}
          />
        </Form.Item>
        <Form.Item name="style" label="样式">
          <Select options={styles.map((s) => ({ value: s, label: RED_DOT_STYLE_LABEL[s] }))} />
        </Form.Item>
        {source === 'manual' && (
          <Form.Item name="endDate" label="结束日期（不填：直到用户打开一次）">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/**
 * /menhu-reddot (sc_menhu_redot_mgr): the red-dot rules of the admin's org (RedotMsgConfig): per app or header entry, a
 * manual mark (红点 or 新, until each member opens it once or its end date) or a count from this project's own data.
 * Saving needs the button code sc_menhu_redot_mgr_save.
 */
export default function RedDotManagePage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [RdKeys.redotCfg], queryFn: redDotAdminApi.config })
  const targets = useQuery({ queryKey: [RdKeys.targets], queryFn: () => redDotAdminApi.targets() })
  const write = useWrite([RdKeys.redotCfg, RED_DOTS_KEY])
  const [draft, setDraft] = useState<RedotMsgConfig | null>(null)
  const [editing, setEditing] = useState<{ rule: RedDotRule | null } | null>(null)
  useEffect(() => {
    if (cfg.data) setDraft({ enabled: cfg.data.enabled, maxCount: cfg.data.maxCount, rules: cfg.data.rules })
  }, [cfg.data])
  if (!draft || !targets.data)
    return (
      <PageFrame path={path} title={title}>
        <Spin />
      </PageFrame>
    )
  const t = targets.data
  const targetName = (r: RedDotRule) =>
    (r.target.kind === 'app'
      ? t.apps.find((a) => a.uniqueId === r.target.key)?.name
      : t.menus.find((m) => m.key === r.target.key)?.name) ?? r.target.key
  const setRules = (rules: RedDotRule[]) => setDraft({ ...draft, rules })
  const save = () => void write(() => redDotAdminApi.save(draft))

  return (
    <PageFrame
      path={path}
      title={title}
      extra={cfg.data && <Tag data-testid="config-source">{SOURCE_TAG[cfg.data.source]}</Tag>}
    >
      <Card style={{ marginBottom: 16 }}>
        <Flex wrap gap={16} align="center">
          <Space>
            <Typography.Text>启用红点</Typography.Text>
            <Switch
              checked={draft.enabled}
              onChange={(enabled) => setDraft({ ...draft, enabled })}
              data-testid="redot-enabled"
            />
          </Space>
          <Space>
            <Typography.Text>数字上限</Typography.Text>
            <InputNumber
              min={1}
              max={999}
              value={draft.maxCount}
              onChange={(v) => setDraft({ ...draft, maxCount: v ?? 99 })}
            />
          </Space>
          <Button onClick={() => setEditing({ rule: null })} data-testid="redot-add">
            新增规则
          </Button>
          <PermButton code={RedDotPerm.SAVE} type="primary" onClick={save} data-testid="redot-save">
            保存
          </PermButton>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          下级机构未单独配置时沿用本机构的规则。手动标记在用户打开一次应用后对该用户消失；“重新标记”会让所有人再次看到。
        </Typography.Paragraph>
      </Card>
      <Table<RedDotRule>
        rowKey="id"
        dataSource={draft.rules}
        pagination={false}
        scroll={{ x: 760 }}
        data-testid="redot-rules"
        columns={[
          { title: '名称', dataIndex: 'name', render: (v: string) => v || '—' },
          {
            title: '位置',
            render: (_, r) => (
              <span data-target={r.target.key}>
                {r.target.kind === 'app' ? '应用：' : '入口：'}
                {targetName(r)}
              </span>
            ),
          },
          { title: '来源', dataIndex: 'source', render: (s: RedDotSource) => RED_DOT_SOURCE_LABEL[s] },
          { title: '样式', dataIndex: 'style', render: (s: RedDotStyle) => RED_DOT_STYLE_LABEL[s] },
          { title: '结束日期', dataIndex: 'endDate', render: (d: string | null) => d ?? '—' },
          {
            title: '启用',
            dataIndex: 'enabled',
            render: (on: boolean, r) => (
              <Switch
                size="small"
                checked={on}
                onChange={(enabled) => setRules(draft.rules.map((x) => (x.id === r.id ? { ...x, enabled } : x)))}
              />
            ),
          },
          {
            title: '操作',
            fixed: 'right',
            width: 200,
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setEditing({ rule: r })}>
                  编辑
                </Button>
                {r.source === 'manual' && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setRules(draft.rules.map((x) => (x.id === r.id ? { ...x, id: newId() } : x)))}
                  >
                    重新标记
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setRules(draft.rules.filter((x) => x.id !== r.id))}
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <RuleModal
        open={!!editing}
        rule={editing?.rule ?? null}
        targets={t}
        onClose={() => setEditing(null)}
        onDone={(r) => {
          setRules(editing?.rule ? draft.rules.map((x) => (x.id === editing.rule!.id ? r : x)) : [...draft.rules, r])
          setEditing(null)
        }}
      />
    </PageFrame>
  )
}
