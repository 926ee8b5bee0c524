import { CLASS_HOME_BLOCK_LABEL, orderedClassBlocks, RedDotPerm, type ClassHomeConfig } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Checkbox, Flex, List, Select, Space, Spin, Switch, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { classHomeApi, RdKeys, redDotAdminApi } from './api'

const SOURCE_TAG = { org: '本机构配置', tenant: '租户默认配置', default: '系统默认配置' } as const

/**
 * /menhu-port/class-home (sc_menhu_pc): what the class home /portal/class shows, in which order (ClassHomeConfig):
 * class info, head teacher, the timetable app, the class notices and news (the class home's portal blocks), class apps.
 * Saving needs sc_menhu_pc_class_home_save.
 */
export default function ClassHomeConfigPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [RdKeys.classCfg], queryFn: classHomeApi.config })
  // The app list of the red-dot page serves here too (readable with sc_menhu_pc); if it fails, the stored ids show.
  const apps = useQuery({ queryKey: [RdKeys.targets, 'quiet'], queryFn: () => redDotAdminApi.targets(false) })
  const write = useWrite([RdKeys.classCfg, RdKeys.classView])
  const [draft, setDraft] = useState<ClassHomeConfig | null>(null)
  useEffect(() => {
    if (!cfg.data) return
    const { orgId: _o, source: _s, ...value } = cfg.data
    setDraft({ ...value, blocks: orderedClassBlocks(value) })
  }, [cfg.data])
  if (!draft)
    return (
      <PageFrame path={path} title={title}>
        <Spin />
      </PageFrame>
    )
  const appOptions = (apps.data?.apps ?? []).map((a) => ({ value: a.uniqueId, label: a.name }))
  const move = (i: number, d: -1 | 1) => {
    const blocks = [...draft.blocks]
    const j = i + d
    if (j < 0 || j >= blocks.length) return
    ;[blocks[i], blocks[j]] = [blocks[j]!, blocks[i]!]
    setDraft({ ...draft, blocks })
  }
  return (
    <PageFrame
      path={path}
      title={title}
      extra={cfg.data && <Tag data-testid="config-source">{SOURCE_TAG[cfg.data.source]}</Tag>}
    >
      <Card title="模块与顺序" style={{ marginBottom: 16 }}>
        <List
          data-testid="class-home-blocks"
          dataSource={draft.blocks}
          renderItem={(b, i) => (
            <List.Item
              data-block={b.key}
              actions={[
                <Button
                  key="up"
                  size="small"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`上移 ${CLASS_HOME_BLOCK_LABEL[b.key]}`}
                >
                  上移
                </Button>,
                <Button
                  key="down"
                  size="small"
                  disabled={i === draft.blocks.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`下移 ${CLASS_HOME_BLOCK_LABEL[b.key]}`}
                >
                  下移
                </Button>,
              ]}
            >
              <Checkbox
                checked={b.enabled}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    blocks: draft.blocks.map((x) => (x.key === b.key ? { ...x, enabled: e.target.checked } : x)),
                  })
                }
              >
                {CLASS_HOME_BLOCK_LABEL[b.key]}
              </Checkbox>
            </List.Item>
          )}
        />
      </Card>
      <Card title="模块设置" style={{ marginBottom: 16 }}>
        <Flex vertical gap={12}>
          <Space wrap>
            <Typography.Text>显示班级人数</Typography.Text>
            <Switch
              checked={draft.showStudentCount}
              onChange={(showStudentCount) => setDraft({ ...draft, showStudentCount })}
            />
          </Space>
          <Space wrap>
            <Typography.Text>向班级成员显示班主任电话</Typography.Text>
            <Switch
              checked={draft.showHeadTeacherPhone}
              onChange={(showHeadTeacherPhone) => setDraft({ ...draft, showHeadTeacherPhone })}
              data-testid="class-home-phone"
            />
          </Space>
          <Space wrap>
            <Typography.Text>班级课表应用</Typography.Text>
            <Select
              style={{ minWidth: 220 }}
              showSearch
              optionFilterProp="label"
              value={draft.timetableApp}
              options={appOptions.length ? appOptions : [{ value: draft.timetableApp, label: draft.timetableApp }]}
              onChange={(timetableApp: string) => setDraft({ ...draft, timetableApp })}
            />
          </Space>
          <Space wrap align="start">
            <Typography.Text>班级应用</Typography.Text>
            <Select
              mode="multiple"
              style={{ minWidth: 260, maxWidth: '100%' }}
              optionFilterProp="label"
              value={draft.classApps}
              maxCount={20}
              options={appOptions.length ? appOptions : draft.classApps.map((a) => ({ value: a, label: a }))}
              onChange={(classApps: string[]) => setDraft({ ...draft, classApps })}
            />
          </Space>
          <Typography.Text type="secondary">
            班级通知与新闻按“门户模块”中班级主页的模块显示；成员只看到自己有权打开的应用。
          </Typography.Text>
        </Flex>
      </Card>
      <PermButton
        code={RedDotPerm.CLASS_HOME_SAVE}
        type="primary"
        onClick={() => void write(() => classHomeApi.save(draft))}
        data-testid="class-home-save"
      >
        保存
      </PermButton>
    </PageFrame>
  )
}
