import type { ChildParent, DictType, PersonalFieldKey } from '@zhixiao/shared'
import { SEX_LABEL } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Descriptions, Empty, Spin, Tag, type DescriptionsProps, type TableColumnsType } from 'antd'
import type { ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PageFrame, statusColumn } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useDictOptions } from '../base-data/dict-api'
import { RevealButton } from '../privacy/RevealButton'

/** The name of a dictionary entry (position, title …), or — when none is set. */
export function DictText({ dictType, id, orgId }: { dictType: DictType; id: number | null; orgId?: number }) {
  const { rows } = useDictOptions(dictType, orgId)
  if (id === null) return <>—</>
  return <>{rows.find((d) => d.id === id)?.name ?? '—'}</>
}

export const text = (v: string | null | undefined): string => (v ? v : '—')
export const sexText = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : (SEX_LABEL[v] ?? '—')

/**
 * A personal field as a detail page shows it: the mask the server sent (issue 26 point 2), or 已隐藏 for a withheld
 * one, and 查看 beside it for holders of the reveal code (the logged reveal of that one field).
 */
export function MaskedText({
  id,
  field,
  value,
  withheld = false,
}: {
  id: number
  field: PersonalFieldKey
  value: string | null
  withheld?: boolean
}) {
  return (
    <>
      {withheld ? '已隐藏' : text(value)}
      {(withheld || value) && <RevealButton userInfoId={id} fields={[field]} link />}
    </>
  )
}

/** The frame of a detail page's card: loading, nothing found, or the content, with 返回 to the list. */
function DetailCard({
  loading,
  found,
  back,
  children,
}: {
  loading: boolean
  found: boolean
  back: string
  children: ReactNode
}) {
  const navigate = useNavigate()
  // Back to the list the user came from (students-zz, an archive, a filter); straight from a link: the usual list.
  const cameFromApp = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0
  return (
    <Card size="small" extra={<Button onClick={() => void (cameFromApp ? navigate(-1) : navigate(back))}>返回</Button>}>
      {loading ? <Spin /> : found ? children : <Empty description="未找到该人员" />}
    </Card>
  )
}

/** A student's parents as a table shows them (the student's detail page, the 家长管理 drawer). */
export const childParentColumns = (): TableColumnsType<ChildParent> => [
  { title: '家长姓名', dataIndex: 'trueName' },
  { title: '关系', dataIndex: 'relation' },
  {
    title: '手机号',
    dataIndex: 'phone',
    render: (_: unknown, p: ChildParent) => <MaskedText id={p.id} field="phone" value={p.phone} />,
  },
  { title: '登录名', dataIndex: 'userName' },
  statusColumn(),
]

interface MemberRecord {
  trueName: string
  archived: boolean
  status: number
}

/**
 * A person's read-only detail page (/base-userAccount/teacherDetail?id=, studentDetail?id=): the record `load` answers
 * for the id, its facts as `items` under the name (with 已归档 / 停用), then `more` (a student's parents); 返回 goes
 * to the live or archived list.
 */
export function MemberDetailPage<R extends MemberRecord>({
  path,
  title,
  queryKey,
  load,
  lists,
  items,
  more,
  revealFields,
}: PageProps & {
  queryKey: string
  load: (id: number) => Promise<R>
  lists: { live: string; archived: string }
  items: (r: R) => DescriptionsProps['items']
  more?: (r: R) => ReactNode
  /** The personal fields 查看完整信息 offers (policy keys). */
  revealFields?: readonly PersonalFieldKey[]
}) {
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || null
  const q = useQuery({ queryKey: [queryKey, 'detail', id], queryFn: () => load(id as number), enabled: id !== null })
  const r = q.data
  return (
    <PageFrame
      path={path}
      title={title}
      extra={r && id !== null && revealFields && <RevealButton userInfoId={id} fields={revealFields} />}
    >
      <DetailCard loading={q.isLoading} found={!!r} back={r?.archived ? lists.archived : lists.live}>
        {r && (
          <>
            <Descriptions
              bordered
              size="small"
              column={{ xs: 1, sm: 2 }}
              title={
                <>
                  {r.trueName} {r.archived && <Tag>已归档</Tag>}
                  {r.status === 1 && <Tag>停用</Tag>}
                </>
              }
              items={items(r)}
            />
            {more?.(r)}
          </>
        )}
      </DetailCard>
    </PageFrame>
  )
}
