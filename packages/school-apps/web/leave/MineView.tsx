import { useQuery } from '@tanstack/react-query'
import { Button, Card, Flex } from 'antd'
import { useState } from 'react'
import { leaveApi, type HomeView } from './api.js'
import { AskForm } from './AskForm.js'
import { RequestCards } from './RequestCards.js'
import { useAction } from './useAction.js'

/**
 * 我的申请 / 我的请假: a guardian's requests for their children, a student's (read only), a teacher's own with the form
 * to ask (`askWith`) above them.
 */
export function MineView({
  onOpen,
  readOnly,
  askWith,
}: {
  onOpen: (id: number) => void
  readOnly?: boolean
  askWith?: HomeView
}) {
  const q = useQuery({ queryKey: ['leave', 'mine'], queryFn: leaveApi.mine })
  const { run } = useAction()
  const [asking, setAsking] = useState(false)
  return (
    <Flex vertical gap={12}>
      {askWith &&
        (asking ? (
          <Card size="small" title="申请请假" extra={<Button onClick={() => setAsking(false)}>收起</Button>}>
            <AskForm home={askWith} onDone={() => setAsking(false)} />
          </Card>
        ) : (
          <Button type="primary" onClick={() => setAsking(true)}>
            申请请假
          </Button>
        ))}
      <RequestCards
        items={q.data}
        loading={q.isPending}
        empty="还没有请假记录"
        onOpen={onOpen}
        onCancel={readOnly ? undefined : (id) => void run(() => leaveApi.cancel(id), '已撤销')}
      />
    </Flex>
  )
}
