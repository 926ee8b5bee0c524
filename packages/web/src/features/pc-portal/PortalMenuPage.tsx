import {
  PcPortalPerm,
  PORTAL_HOME_DEFAULT_NAME,
  PORTAL_HOME_KEYS,
  PORTAL_HOME_LABEL,
  portalMenuConfig,
  type PortalMenuEntry,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Input, Select, Space, Spin, Switch, Tag, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { notify } from '../../api/feedback'
import { PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { PcKeys, pcPortalApi } from './api'
import { EditorRow, move, OrderButtons, SOURCE_LABEL } from './ListEditor'

/** Every home shows in the editor: those the config does not name yet are appended in their built-in order. */
function withAllHomes(entries: PortalMenuEntry[]): PortalMenuEntry[] {
  const named = new Set(entries.flatMap((e) => (e.kind === 'home' ? [e.home] : [])))
  return [
    ...entries,
    ...PORTAL_HOME_KEYS.filter((h) => !named.has(h)).map((home): PortalMenuEntry => ({
      kind: 'home',
      home,
      name: '',
      hidden: false,
    })),
  ]
}

function Editor({ initial, source }: { initial: PortalMenuEntry[]; source: keyof typeof SOURCE_LABEL }) {
  const [entries, setEntries] = useState(() => withAllHomes(initial))
  const write = useWrite([PcKeys.menu])
  const patch = (i: number, p: Partial<PortalMenuEntry>) =>
    setEntries((l) => l.map((e, j) => (j === i ? ({ ...e, ...p } as PortalMenuEntry) : e)))
  const save = async () => {
    // The shared schema speaks first, so a bad link is named here with the server's own words.
    const parsed = portalMenuConfig.safeParse({ entries })
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? '输入有误')
      return
    }
    await write(() => pcPortalApi.saveMenu(parsed.data))
  }
  return (
    <Card size="small" title="门户菜单" extra={<Tag data-testid="config-source">{SOURCE_LABEL[source]}</Tag>}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="菜单显示在 PC 门户顶部。用户没有权限打开的门户首页不会显示，无论这里如何配置。名称留空则使用默认名称。"
      />
      {entries.map((e, i) => (
        <EditorRow key={e.kind === 'home' ? e.home : `link-${i}`} testId="menu-entry">
          <OrderButtons index={i} count={entries.length} onMove={(d) => setEntries((l) => move(l, i, d))} />
          <Typography.Text style={{ width: 150 }}>
            {e.kind === 'home' ? PORTAL_HOME_LABEL[e.home] : '链接'}
          </Typography.Text>
          <Input
            style={{ width: 140 }}
            maxLength={10}
            aria-label="名称"
            value={e.name}
            placeholder={e.kind === 'home' ? PORTAL_HOME_DEFAULT_NAME[e.home] : '名称'}
            onChange={(v) => patch(i, { name: v.target.value })}
          />
          {e.kind === 'link' && (
            <>
              <Input
                style={{ width: 240 }}
                aria-label="链接地址"
                placeholder="https:// 或 /路由"
                value={e.url}
                onChange={(v) => patch(i, { url: v.target.value })}
              />
              <Select
                style={{ width: 120 }}
                aria-label="打开方式"
                value={e.openWay}
                options={[
                  { value: 1, label: '当前窗口' },
                  { value: 2, label: '新窗口' },
                ]}
                onChange={(v) => patch(i, { openWay: v })}
              />
            </>
          )}
          <Space size={4}>
            <Switch size="small" checked={!e.hidden} aria-label="显示" onChange={(on) => patch(i, { hidden: !on })} />
            显示
          </Space>
          {e.kind === 'link' && (
            <Button size="small" danger type="link" onClick={() => setEntries((l) => l.filter((_, j) => j !== i))}>
              删除
            </Button>
          )}
        </EditorRow>
      ))}
      <Space wrap style={{ marginTop: 12 }}>
        <Button
          data-testid="menu-add-link"
          onClick={() => setEntries((l) => [...l, { kind: 'link', name: '', url: '', openWay: 2, hidden: false }])}
        >
          添加链接
        </Button>
        <PermButton code={PcPortalPerm.MENU_SAVE} type="primary" data-testid="menu-save" onClick={() => void save()}>
          保存
        </PermButton>
      </Space>
    </Card>
  )
}

/** /menhu-port/menu (sc_menhu_pc): the PC portal menu (PortalMenuConfig) of the admin's org; the portal modules page beside it. */
export default function PortalMenuPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [PcKeys.menu, 'admin'], queryFn: () => pcPortalApi.menu() })
  return (
    <PageFrame path={path} title={title} extra={<Link to="/menhu-port/menu/campus-menhu">门户模块</Link>}>
      {cfg.data ? <Editor initial={cfg.data.entries} source={cfg.data.source} /> : <Spin />}
    </PageFrame>
  )
}
