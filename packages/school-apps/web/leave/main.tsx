import { Empty } from 'antd'
import { AppShell, startApp } from '../kit/index.js'

// Placeholder until helper L's pages land (they replace this file).
startApp(<AppShell title="请假审批">{() => <Empty description="即将上线" />}</AppShell>)
