import { useQuery } from '@tanstack/react-query'
import { Alert, Spin } from 'antd'
import type { Me } from '../../src/grades/api-types.js'
import { api } from '../kit/index.js'
import { ExamForm } from './ExamForm.js'
import { ExamPage } from './ExamPage.js'
import { ResultPage, ResultsHome } from './Results.js'
import { go, useRoute } from './route.js'
import { TeacherHome } from './TeacherHome.js'

/** The grades app's pages by who is signed in: teachers and admins manage exams, students and guardians read results. */
export function GradesApp() {
  const route = useRoute()
  const me = useQuery({ queryKey: ['profile'], queryFn: () => api.get<Me>('/profile') })
  if (me.isError) return <Alert type="error" title={me.error.message} />
  if (!me.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  const m = me.data
  if (m.kind === 'teacher') {
    if (route.page === 'new') return <ExamForm me={m} />
    if (route.page === 'edit') return <ExamForm me={m} examId={route.id} />
    if (route.page === 'exam') return <ExamPage id={route.id} />
    return <TeacherHome me={m} />
  }
  if (route.page === 'exam') return <ResultPage me={m} id={route.id} child={route.child} />
  const child = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('child') ?? undefined
  return <ResultsHome me={m} child={child} onChild={(sub) => go(`#/?child=${encodeURIComponent(sub)}`)} />
}
