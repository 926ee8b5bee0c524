import { useQuery } from '@tanstack/react-query'
import { Button, Card, DatePicker, Empty, Flex, Progress, Segmented, Statistic, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { leaveApi } from './api.js'

type Breakdown = 'day' | 'class' | 'type'

/** One line of a breakdown: a name, a bar against the largest value, the numbers (fits a 375 px screen). */
function Bar({ label, value, max, note }: { label: string; value: number; max: number; note: string }) {
  return (
    <div>
      <Flex justify="space-between" gap={8}>
        <span>{label}</span>
        <Typography.Text type="secondary">{note}</Typography.Text>
      </Flex>
      {/* The numbers are in the text above; the bar only draws them. */}
      <div aria-hidden>
        <Progress percent={max ? (value / max) * 100 : 0} showInfo={false} size="small" />
      </div>
    </div>
  )
}

/** 请假统计 (school admins): approved leave of a range (default this month) by day, class and type; 导出Excel. */
export function StatsView() {
  const [from, setFrom] = useState<Dayjs>(() => dayjs().startOf('month'))
  const [to, setTo] = useState<Dayjs>(() => dayjs().endOf('month'))
  const [by, setBy] = useState<Breakdown>('class')
  const [exporting, setExporting] = useState(false)
  const f = from.format('YYYY-MM-DD')
  const t = to.format('YYYY-MM-DD')
  const q = useQuery({ queryKey: ['leave', 'stats', f, t], queryFn: () => leaveApi.stats(f, t) })

  const exportXlsx = async () => {
    setExporting(true)
    try {
      await leaveApi.exportXlsx(f, t)
    } catch {
      // The kit's client has shown the server's message.
    } finally {
      setExporting(false)
    }
  }

  const s = q.data
  const rows = !s
    ? []
    : by === 'day'
      ? s.byDay
          .filter((d) => d.people > 0)
          .map((d) => ({ key: d.date, label: d.date.slice(5), value: d.people, note: `${d.people}人 · ${d.days}天` }))
      : by === 'class'
        ? s.byClass.map((c) => ({
            key: String(c.classId),
            label: c.className,
            value: c.days,
            note: `${c.requests}次 · ${c.days}天`,
          }))
        : s.byType.map((x) => ({ key: x.type, label: x.label, value: x.days, note: `${x.requests}次 · ${x.days}天` }))
  const max = Math.max(0, ...rows.map((r) => r.value))
  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center">
        <DatePicker
          aria-label="开始日期"
          value={from}
          allowClear={false}

          onChange={(d) => d && setFrom(d)}
        />
        <span>至</span>
        <DatePicker
          aria-label="结束日期"
          value={to}
          allowClear={false}

          disabledDate={(d) => d.isBefore(from, 'day')}
          onChange={(d) => d && setTo(d)}
        />
        <Button onClick={exportXlsx} loading={exporting}>
          导出Excel
        </Button>
      </Flex>
      {q.isError && <Typography.Text type="danger">{q.error.message}</Typography.Text>}
      <Flex wrap gap={24}>
        <Statistic title="请假次数" value={s?.totals.requests ?? 0} loading={q.isPending} />
        <Statistic title="请假天数" value={s?.totals.days ?? 0} loading={q.isPending} />
      </Flex>
      <Segmented<Breakdown>
        value={by}
        onChange={setBy}
        options={[
          { value: 'class', label: '按班级' },
          { value: 'type', label: '按类型' },
          { value: 'day', label: '按日' },
        ]}
      />
      <Card size="small" loading={q.isPending}>
        {rows.length === 0 ? (
          <Empty description="该时间段没有已批准的请假" />
        ) : (
          <Flex vertical gap={8}>
            {rows.map((r) => (
              <Bar key={r.key} label={r.label} value={r.value} max={max} note={r.note} />
            ))}
          </Flex>
        )}
      </Card>
    </Flex>
  )
}
