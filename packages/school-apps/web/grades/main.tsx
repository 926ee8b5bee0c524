import { AppShell, startApp } from '../kit/index.js'
import { GradesApp } from './GradesApp.js'

startApp(<AppShell title="成绩管理">{() => <GradesApp />}</AppShell>)
