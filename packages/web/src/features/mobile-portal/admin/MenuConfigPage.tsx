import {
  MOBILE_BUTTONS,
  MOBILE_TERMINAL_LABEL,
  type MobileMenuConfig,
  type MobileTab,
  type MobileTerminal,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Input, Skeleton, Switch, Tag } from 'antd'
import { useEffect, useState } from 'react'
import { PageFrame, useWrite } from '../../../components/crud'
import { PermButton } from '../../../components/PermButton'
import type { PageProps } from '../../../navigation/page-props'
import { mobileApi, MobileKeys, MOBILE_WRITE_KEYS } from '../api'
import { OrderedRows } from './OrderedRows'

const PAGE_OF: Record<string, string> = { home: '首页', apps: '应用', mine: '我的' }

/**
 * MobileMenuConfig: the bottom tabs of the mobile portal, their names, order and whether they show. The teacher
 * page keeps the teacher terminal, the parent page parents and students; the other terminals are sent back unchanged.
 */
export default function MenuConfigPage({ path, title }: PageProps) {
  const teacher = path.startsWith('/menhu-teacher')
  const terminals: MobileTerminal[] = teacher ? ['teacher'] : ['parent', 'student']
  const code = teacher ? MOBILE_BUTTONS.teacher.edit : MOBILE_BUTTONS.family.edit
  const cfg = useQuery({ queryKey: [MobileKeys.config, 'menu'], queryFn: mobileApi.menu })
  const [value, setValue] = useState<MobileMenuConfig | null>(null)
  useEffect(() => {
    if (cfg.data) setValue({ teacher: cfg.data.teacher, parent: cfg.data.parent, student: cfg.data.student })
  }, [cfg.data])
  const write = useWrite(MOBILE_WRITE_KEYS)
  if (!value)
    return (
      <PageFrame path={path} title={title}>
        <Skeleton active />
      </PageFrame>
    )
  return (
    <PageFrame
      path={path}
      title={title}
      extra={
        <PermButton
          code={code}
          type="primary"
          onClick={() => void write(() => mobileApi.setMenu(value))}
          data-testid="menu-save"
        >
          保存
        </PermButton>
      }
    >
      {cfg.data && (
        <Tag style={{ marginBottom: 12 }}>
          {cfg.data.source === 'org' ? '本机构配置' : cfg.data.source === 'tenant' ? '沿用租户默认' : '系统默认'}
        </Tag>
      )}
      {terminals.map((t) => (
        <Card
          key={t}
          size="small"
          title={`${MOBILE_TERMINAL_LABEL[t]}移动端底部菜单`}
          style={{ marginBottom: 12 }}
          data-terminal={t}
        >
          <OrderedRows<MobileTab>
            rows={value[t]}
            rowKey={(r) => r.key}
            onChange={(rows) => setValue({ ...value, [t]: rows })}
            render={(r, set) => (
              <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                <span style={{ width: 40, color: '#666' }}>{PAGE_OF[r.key]}</span>
                <Input
                  value={r.name}
                  maxLength={6}
                  style={{ width: 140 }}
                  aria-label={`${PAGE_OF[r.key]}菜单名称`}
                  onChange={(e) => set({ ...r, name: e.target.value })}
                />
                <Switch
                  checked={r.show}
                  checkedChildren="显示"
                  unCheckedChildren="隐藏"
                  onChange={(show) => set({ ...r, show })}
                />
              </div>
            )}
          />
        </Card>
      ))}
    </PageFrame>
  )
}
