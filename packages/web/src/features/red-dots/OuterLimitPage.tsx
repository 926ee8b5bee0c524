import {
  OUTER_LIMIT_LABEL,
  OuterLimitType,
  RedDotPerm,
  type OuterEmployee,
  type OuterRoleObject,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Flex, Input, Modal, Radio, Select, Space, Spin, Table, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { useSession } from '../../stores/session'
import { outerApi, RdKeys } from './api'

const SOURCE = { org: '本机构设置', inherited: '沿用上级机构', default: '系统默认' } as const

function RolePicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean
  onClose: () => void
  onPick: (ids: number[]) => void
}) {
  const [keyword, setKeyword] = useState('')
  const [picked, setPicked] = useState<number[]>([])
  const infos = useQuery({
    queryKey: [RdKeys.outer, 'roleInfos', keyword],
    queryFn: () => outerApi.roleInfos(keyword),
    enabled: open,
  })
  return (
    <Modal
      open={open}
      title="添加角色"
      onCancel={onClose}
      onOk={() => {
        onPick(picked)
        setPicked([])
      }}
      okButtonProps={{ disabled: !picked.length }}
      destroyOnHidden
    >
      <Input.Search
        placeholder="角色名称"
        allowClear
        maxLength={30}
        onSearch={setKeyword}
        style={{ marginBottom: 12 }}
      />
      <Table
        rowKey="roleId"
        size="small"
        loading={infos.isLoading}
        dataSource={(infos.data ?? []).filter((r) => !r.selected)}
        pagination={{ pageSize: 8 }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys as number[]) }}
        columns={[
          { title: '角色', dataIndex: 'roleName' },
          { title: '编码', dataIndex: 'roleCode' },
        ]}
        data-testid="outer-role-picker"
      />
    </Modal>
  )
}

/**
 * /menhu-port/outer-limit (sc_menhu_pc): who may open this org's open (outer) portal (/base/portal/outer): everyone,
 * only members holding a listed role, or only listed staff. Orgs below without their own setting follow it. Writes
 * need sc_menhu_pc_outer_limit_save.
 */
export default function OuterLimitPage({ path, title }: PageProps) {
  const limit = useQuery({ queryKey: [RdKeys.outer, 'type'], queryFn: outerApi.limitType })
  const roles = useQuery({ queryKey: [RdKeys.outer, 'roles'], queryFn: outerApi.roles })
  const staff = useQuery({ queryKey: [RdKeys.outer, 'staff'], queryFn: outerApi.employees })
  const write = useWrite([RdKeys.outer, RdKeys.outerMay])
  const [type, setType] = useState<number | null>(null)
  const [picking, setPicking] = useState(false)
  const [keyword, setKeyword] = useState('')
  const canWrite = useSession((s) => s.userInfo?.permissions.includes(RedDotPerm.OUTER_SAVE) ?? false)
  const cands = useQuery({
    queryKey: [RdKeys.outer, 'cands', keyword],
    queryFn: () => outerApi.candidates(keyword),
    enabled: keyword.length > 0,
  })
  useEffect(() => {
    if (limit.data) setType(limit.data.limitType)
  }, [limit.data])
  if (!limit.data || type === null)
    return (
      <PageFrame path={path} title={title}>
        <Spin />
      </PageFrame>
    )
  const listed = staff.data ?? []
  const setStaff = (next: OuterEmployee[]) => void write(() => outerApi.setEmployees(next.map((e) => e.userInfoId)))
  return (
    <PageFrame path={path} title={title} extra={<Tag data-testid="outer-source">{SOURCE[limit.data.source]}</Tag>}>
      <Card title="访问限制" style={{ marginBottom: 16 }}>
        <Flex vertical gap={12}>
          <Radio.Group
            value={type}
            onChange={(e) => setType(e.target.value as number)}
            data-testid="outer-limit-type"
            options={[OuterLimitType.ALL, OuterLimitType.ROLES, OuterLimitType.STAFF].map((v) => ({
              value: v,
              label: OUTER_LIMIT_LABEL[v],
            }))}
          />
          {limit.data.source === 'inherited' && (
            <Alert
              type="info"
              showIcon
              title="本机构未单独设置，当前沿用上级机构的限制；保存后本机构按自己的设置和名单。"
            />
          )}
          <div>
            <PermButton
              code={RedDotPerm.OUTER_SAVE}
              type="primary"
              onClick={() => void write(() => outerApi.setLimitType(type))}
              data-testid="outer-limit-save"
            >
              保存
            </PermButton>
          </div>
        </Flex>
      </Card>
      <Card
        title="指定角色（限制类型为“仅指定角色”时生效）"
        style={{ marginBottom: 16 }}
        extra={
          <PermButton code={RedDotPerm.OUTER_SAVE} onClick={() => setPicking(true)} data-testid="outer-role-add">
            添加角色
          </PermButton>
        }
      >
        <Table<OuterRoleObject>
          rowKey="id"
          size="small"
          dataSource={roles.data ?? []}
          pagination={false}
          loading={roles.isLoading}
          columns={[
            { title: '角色', dataIndex: 'roleName' },
            { title: '编码', dataIndex: 'roleCode' },
            {
              title: '操作',
              width: 90,
              render: (_, r) => (
                <PermButton
                  code={RedDotPerm.OUTER_SAVE}
                  type="link"
                  danger
                  size="small"
                  onClick={() => void write(() => outerApi.remove([r.id]))}
                >
                  删除
                </PermButton>
              ),
            },
          ]}
        />
      </Card>
      <Card title="指定人员（限制类型为“仅指定人员”时生效）">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select<number>
            showSearch
            filterOption={false}
            placeholder="搜索姓名或工号添加"
            style={{ width: '100%', maxWidth: 360 }}
            onSearch={(k) => setKeyword(k.trim().slice(0, 30))}
            value={null}
            disabled={!canWrite}
            loading={cands.isFetching}
            notFoundContent={keyword ? '无匹配人员' : '请输入姓名或工号'}
            options={(cands.data ?? [])
              .filter((c) => !listed.some((l) => l.userInfoId === c.userInfoId))
              .map((c) => ({
                value: c.userInfoId,
                label: `${c.trueName}（${c.orgName}${c.jobNo ? ` ${c.jobNo}` : ''}）`,
              }))}
            onSelect={(id) => {
              const c = cands.data?.find((x) => x.userInfoId === id)
              if (c) setStaff([...listed, c])
            }}
            data-testid="outer-staff-search"
          />
          <Table<OuterEmployee>
            rowKey="userInfoId"
            size="small"
            dataSource={listed}
            pagination={false}
            loading={staff.isLoading}
            columns={[
              { title: '姓名', dataIndex: 'trueName' },
              { title: '机构', dataIndex: 'orgName' },
              { title: '工号', dataIndex: 'jobNo', render: (v: string | null) => v ?? '—' },
              {
                title: '操作',
                width: 90,
                render: (_, r) => (
                  <PermButton
                    code={RedDotPerm.OUTER_SAVE}
                    type="link"
                    danger
                    size="small"
                    onClick={() => setStaff(listed.filter((l) => l.userInfoId !== r.userInfoId))}
                  >
                    移除
                  </PermButton>
                ),
              },
            ]}
          />
          <Typography.Text type="secondary">未登录的访客只能在“所有人”时打开公共门户。</Typography.Text>
        </Space>
      </Card>
      <RolePicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(ids) => {
          setPicking(false)
          void write(() => outerApi.addRoles(ids))
        }}
      />
    </PageFrame>
  )
}
