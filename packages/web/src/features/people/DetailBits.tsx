import type { DictType } from '@zhixiao/shared'
import { SEX_LABEL } from '@zhixiao/shared'
import { Button, Card, Empty, Spin } from 'antd'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useDictOptions } from '../base-data/dict-api'

/** The name of a dictionary entry (position, title …), or — when none is set. */
export function DictText({ dictType, id, orgId }: { dictType: DictType; id: number | null; orgId?: number }) {
  const { rows } = useDictOptions(dictType, orgId)
  if (id === null) return <>—</>
  return <>{rows.find((d) => d.id === id)?.name ?? '—'}</>
}

export const text = (v: string | null | undefined): string => (v ? v : '—')
export const sexText = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : SEX_LABEL[v] ?? '—')

/** The frame of a detail page's card: loading, nothing found, or the content, with 返回 to the list. */
export function DetailCard({ loading, found, back, children }: { loading: boolean; found: boolean; back: string; children: ReactNode }) {
  const navigate = useNavigate()
  // Back to the list the user came from (students-zz, an archive, a filter); straight from a link: the usual list.
  const cameFromApp = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0
  return (
    <Card size="small" extra={<Button onClick={() => void (cameFromApp ? navigate(-1) : navigate(back))}>返回</Button>}>
      {loading ? <Spin /> : found ? children : <Empty description="未找到该人员" />}
    </Card>
  )
}
