import { PcPortalPerm, SIDEBAR_KIND_LABEL, SIDEBAR_KINDS, sidebarInfo, type SidebarItem } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Input, Select, Space, Spin, Switch, Tag } from 'antd'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import { PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { PcKeys, pcPortalApi } from './api'
import { EditorRow, move, OrderButtons, SOURCE_LABEL } from './ListEditor'

function Editor({
  initial,
  source,
}: {
  initial: { enabled: boolean; items: SidebarItem[] }
  source: keyof typeof SOURCE_LABEL
}) {
  const [enabled, setEnabled] = useState(initial.enabled)
  const [items, setItems] = useState(initial.items)
  const write = useWrite([PcKeys.sidebar])
  const patch = (i: number, p: Partial<SidebarItem>) => setItems((l) => l.map((e, j) => (j === i ? { ...e, ...p } : e)))
  const save = async () => {
    const parsed = sidebarInfo.safeParse({ enabled, items })
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? '输入有误')
      return
    }
    await write(() => pcPortalApi.saveSidebar({ value: parsed.data }))
  }
  return (
    <Card size="small" title="侧边栏" extra={<Tag data-testid="config-source">{SOURCE_LABEL[source]}</Tag>}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="侧边栏悬浮在 PC 门户首页右侧。意见反馈仅在投诉建议对该用户开放时显示；推荐网站在有网站时显示。"
      />
      <Space style={{ marginBottom: 8 }}>
        <Switch checked={enabled} onChange={setEnabled} data-testid="sidebar-enabled" aria-label="启用侧边栏" />
        启用侧边栏
      </Space>
      {items.map((it, i) => (
        <EditorRow key={i} testId="sidebar-entry">
          <OrderButtons index={i} count={items.length} onMove={(d) => setItems((l) => move(l, i, d))} />
          <Select
            style={{ width: 120 }}
            aria-label="类型"
            value={it.kind}
            onChange={(kind) => patch(i, { kind })}
            options={SIDEBAR_KINDS.map((k) => ({ value: k, label: SIDEBAR_KIND_LABEL[k] }))}
          />
          <Input
            style={{ width: 120 }}
            maxLength={10}
            aria-label="标题"
            placeholder="标题"
            value={it.title}
            onChange={(e) => patch(i, { title: e.target.value })}
          />
          <Input
            style={{ width: 200 }}
            aria-label="图标地址"
            placeholder="图标地址（可空）"
            value={it.icon}
            onChange={(e) => patch(i, { icon: e.target.value })}
          />
          {it.kind === 'link' && (
            <>
              <Input
                style={{ width: 220 }}
                aria-label="链接地址"
                placeholder="https:// 或 /路由"
                value={it.url}
                onChange={(e) => patch(i, { url: e.target.value })}
              />
              <Select
                style={{ width: 110 }}
                aria-label="打开方式"
                value={it.openWay}
                onChange={(openWay) => patch(i, { openWay })}
                options={[
                  { value: 1, label: '当前窗口' },
                  { value: 2, label: '新窗口' },
                ]}
              />
            </>
          )}
          <Space size={4}>
            <Switch size="small" checked={it.enabled} aria-label="启用" onChange={(on) => patch(i, { enabled: on })} />
            启用
          </Space>
          <Button size="small" type="link" danger onClick={() => setItems((l) => l.filter((_, j) => j !== i))}>
            删除
          </Button>
        </EditorRow>
      ))}
      <Space wrap style={{ marginTop: 12 }}>
        <Button
          data-testid="sidebar-add-link"
          onClick={() =>
            setItems((l) => [...l, { kind: 'link', title: '', icon: '', url: '', openWay: 2, enabled: true }])
          }
        >
          添加链接
        </Button>
        <PermButton
          code={PcPortalPerm.SIDEBAR_SAVE}
          type="primary"
          data-testid="sidebar-save"
          onClick={() => void save()}
        >
          保存
        </PermButton>
      </Space>
    </Card>
  )
}

/** /menhu-port/sidebar-manager (sc_menhu_pc): the floating sidebar of the PC portal homes (Sidebar calls). */
export default function SidebarManagerPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [PcKeys.sidebar, 'admin'], queryFn: () => pcPortalApi.sidebar() })
  return (
    <PageFrame path={path} title={title}>
      {cfg.data ? <Editor initial={cfg.data} source={cfg.data.source} /> : <Spin />}
    </PageFrame>
  )
}
