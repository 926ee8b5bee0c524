import { useQuery } from '@tanstack/react-query'
import { leaveApi } from './api.js'
import { RequestCards } from './RequestCards.js'
import { useAction } from './useAction.js'

/** 我的申请 / 我的请假: a guardian's requests for their children, a teacher's own, a student's (read only). */
export function MineView({ onOpen, readOnly }: { onOpen: (id: number) => void; readOnly?: boolean }) {
  const q = useQuery({ queryKey: ['leave', 'mine'], queryFn: leaveApi.mine })
  const { run } = useAction()
  return (
    <RequestCards
      items={q.data}
      loading={q.isPending}
      empty="还没有请假记录"
      onOpen={onOpen}
      onCancel={readOnly ? undefined : (id) => void run(() => leaveApi.cancel(id), '已撤销')}
    />
  )
}
