import {
  ALLIANCE_STATUS_LABEL,
  AllianceMsg,
  AllianceStatus,
  allianceOrgContracts,
  type AllianceMemberRow,
  type AllianceRoot,
} from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Input, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd'
import { useRef, useState } from 'react'
import { notify } from '../../api/feedback'
import { useExcelImport } from '../../components/useExcelImport'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { allianceApi, AllianceKeys } from './api'
import { AllianceSwitcher } from './AllianceSwitcher'

const TABS = [
  { key: String(AllianceStatus.JOINED), label: '成员单位' },
  { key: String(AllianceStatus.AUDITING), label: '加入申请' },
  { key: String(AllianceStatus.REFUSED), label: '已拒绝' },
]
const day = (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '')

/** 导入联盟学校 (importAllianceSchoolExcel) and its template: all or nothing, bad rows listed. */
function ImportButtons({ orgId, onImported }: { orgId: number; onImported: () => void }) {
  const input = useRef<HTMLInputElement>(null)
  const { busy, pick } = useExcelImport(allianceOrgContracts.importExcel, onImported, { query: { orgId } })
  return (
    <Space wrap>
      <input
        ref={input}
        type="file"
        accept=".xlsx"
        hidden
        data-testid="alliance-import-file"
        onChange={(e) => void pick(e)}
      />
      <Button loading={busy} onClick={() => input.current?.click()}>
        导入联盟学校
      </Button>
      <Button onClick={() => void allianceApi.downloadTemplate()}>下载模板</Button>
    </Space>
  )
}

function MemberTable({ alliance }: { alliance: AllianceRoot }) {
  const { modal } = App.useApp()
  const qc = useQueryClient()
  const [tab, setTab] = useState(TABS[0]!.key)
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 })
  const status = Number(tab)
  const q = useQuery({
    queryKey: [AllianceKeys.rows, alliance.orgId, status, keyword, page],
    queryFn: () => allianceApi.memberRows({ orgId: alliance.orgId, status, keyword: keyword || undefined, ...page }),
  })
  const refresh = () => {
    for (const k of Object.values(AllianceKeys)) void qc.invalidateQueries({ queryKey: [k] })
  }
  const act = async (go: () => Promise<{ msg: string }>) => {
    try {
      notify.success((await go()).msg)
      refresh()
    } catch {
      /* the client showed why */
    }
  }
  const refuse = (r: AllianceMemberRow) => {
    let reason = ''
    modal.confirm({
      title: `拒绝“${r.orgName}”的加入申请`,
      okText: '拒绝',
      cancelText: '取消',
      okButtonProps: { danger: true },
      content: (
        <Input.TextArea
          rows={3}
          maxLength={200}
          placeholder="拒绝原因（必填）"
          aria-label="拒绝原因"
          onChange={(e) => {
            reason = e.target.value
          }}
        />
      ),
      onOk: async () => {
        if (!reason.trim()) {
          notify.error(AllianceMsg.REFUSE_REASON)
          throw new Error(AllianceMsg.REFUSE_REASON)
        }
        await act(() => allianceApi.refuse(r.id, reason.trim()))
      },
    })
  }
  const remove = (r: AllianceMemberRow) =>
    modal.confirm({
      title: `将“${r.orgName}”移出联盟？`,
      content: '移出后该单位将不再看到联盟的共享内容。',
      okText: '移出',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => act(() => allianceApi.remove(r.id)),
    })
  const columns: TableColumnsType<AllianceMemberRow> = [
    {
      title: '单位名称',
      dataIndex: 'orgName',
      render: (v: string, r) => (
        <Space wrap size={4}>
          {v}
          {!r.sameTenant && <Tag color="blue">其他平台</Tag>}
        </Space>
      ),
    },
    { title: '所属平台', dataIndex: 'tenantName' },
    { title: '来源', dataIndex: 'source', width: 80, render: (v: string) => (v === 'import' ? '导入' : '申请') },
    { title: '申请人', dataIndex: 'applicantName', render: (v: string | null) => v ?? '' },
    {
      title: status === AllianceStatus.REFUSED ? '拒绝原因' : '申请说明',
      render: (_: unknown, r) => (status === AllianceStatus.REFUSED ? r.refuseReason : r.reason),
    },
    {
      title: status === AllianceStatus.AUDITING ? '申请时间' : '处理时间',
      render: (_: unknown, r) => day(status === AllianceStatus.AUDITING ? r.appliedAt : r.decidedAt),
    },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => ALLIANCE_STATUS_LABEL[v] },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: 130,
      render: (_: unknown, r) =>
        r.status === AllianceStatus.AUDITING ? (
          <Space size={4}>
            <Button
              size="small"
              type="link"
              data-testid={`approve-${r.id}`}
              onClick={() => void act(() => allianceApi.approve(r.id))}
            >
              通过
            </Button>
            <Button size="small" type="link" danger onClick={() => refuse(r)}>
              拒绝
            </Button>
          </Space>
        ) : r.status === AllianceStatus.JOINED ? (
          <Button size="small" type="link" danger onClick={() => remove(r)}>
            移出
          </Button>
        ) : null,
    },
  ]
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k)
          setPage((p) => ({ ...p, pageIndex: 1 }))
        }}
        items={TABS}
      />
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder="单位名称"
          maxLength={50}
          style={{ width: 'min(240px, calc(100vw - 48px))' }}
          onSearch={(v) => {
            setKeyword(v.trim())
            setPage((p) => ({ ...p, pageIndex: 1 }))
          }}
        />
        <ImportButtons orgId={alliance.orgId} onImported={refresh} />
      </Space>
      <Table<AllianceMemberRow>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        columns={columns}
        scroll={{ x: 900 }}
        data-testid="alliance-member-table"
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
      />
    </>
  )
}

/** /allianceManage/allianceUser (001 §2.1): members, applications (approve/refuse), refusals, and the Excel import. */
export default function MembersPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <AllianceSwitcher>{(a) => <MemberTable key={a.orgId} alliance={a} />}</AllianceSwitcher>
    </PageFrame>
  )
}
