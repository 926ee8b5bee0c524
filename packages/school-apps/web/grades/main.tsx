import { Empty } from 'antd'
import { AppShell, startApp } from '../kit/index.js'

// Placeholder until helper G's pages land (they replace this file).
startApp(<AppShell title="成绩管理">{() => <Empty description="即将上线" />}</AppShell>)
