import { useQuery } from '@tanstack/react-query'
import { Button } from 'antd'
import { useState } from 'react'
import { leaveApi, type RequestView } from './api.js'
import { DecideDialog } from './DecideDialog.js'
import { RequestCards } from './RequestCards.js'
import { useAction } from './useAction.js'

/** 待我审批: the requests waiting for this teacher (the red dot counts them). */
export function PendingView({ onOpen }: { onOpen: (id: number) => void }) {
  const q = useQuery({ queryKey: ['leave', 'pending'], queryFn: leaveApi.pending })
  const { run, busy } = useAction()
  const [deciding, setDeciding] = useState<{ r: RequestView; approved: boolean } | null>(null)
  return (
    <>
      <RequestCards
        items={q.data}
        loading={q.isPending}
        empty="没有待审批的请假申请"
        onOpen={onOpen}
        showRequester
        actions={(r) => (
          <>
            <Button type="primary" onClick={() => setDeciding({ r, approved: true })}>
              批准
            </Button>
            <Button danger onClick={() => setDeciding({ r, approved: false })}>
              不批准
            </Button>
          </>
        )}
      />
      <DecideDialog
        request={deciding?.r ?? null}
        approved={deciding?.approved ?? true}
        busy={busy}
        onClose={() => setDeciding(null)}
        onDecide={async (comment) => {
          if (!deciding) return
          const { r, approved } = deciding
          if (await run(() => leaveApi.decide(r.id, approved, comment), approved ? '已批准' : '已不批准'))
            setDeciding(null)
        }}
      />
    </>
  )
}
