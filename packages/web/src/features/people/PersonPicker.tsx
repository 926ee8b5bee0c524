import { UserType } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useState } from 'react'
import { useScopeOrg } from '../../stores/school-scope'
import { studentApi, teacherApi } from './api'

interface Option {
  value: number
  label: string
}

/**
 * Chooses one live teacher or student of the school the page works on by searching name, phone or number on the
 * server (a school has too many people to list whole).
 */
export function PersonPicker({
  userType,
  value,
  onChange,
}: {
  userType: number
  value?: number
  onChange?: (id: number) => void
}) {
  const orgId = useScopeOrg()
  const [keyword, setKeyword] = useState('')
  // The chosen person stays an option when a later search no longer finds them, so the select keeps its label.
  const [chosen, setChosen] = useState<Option | null>(null)
  const student = userType === UserType.STUDENT
  const found = useQuery({
    queryKey: [student ? 'students' : 'teachers', 'pick', orgId, keyword],
    queryFn: async (): Promise<Option[]> => {
      const q = { orgId, archived: false, keyword: keyword || null, pageIndex: 1, pageSize: 20 }
      if (student)
        return (await studentApi.page(q)).list.map((s) => ({
          value: s.id,
          label: `${s.trueName}（${s.jobNo ?? s.userName}${s.className ? `，${s.gradeName ?? ''}${s.className}` : ''}）`,
        }))
      return (await teacherApi.page(q)).list.map((t) => ({
        value: t.id,
        label: `${t.trueName}（${t.jobNo ?? t.phone ?? t.userName}）`,
      }))
    },
    staleTime: 10_000,
  })
  const list = found.data ?? []
  const options = chosen && chosen.value === value && !list.some((o) => o.value === value) ? [chosen, ...list] : list
  const pick = (id: number, o?: Option | Option[]) => {
    if (o && !Array.isArray(o)) setChosen(o)
    onChange?.(id)
  }
  return (
    <Select<number, Option>
      value={value}
      onChange={pick}
      placeholder={student ? '输入姓名或学号搜索学生' : '输入姓名、手机号或工号搜索教师'}
      options={options}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? '搜索中…' : '无匹配人员'}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
    />
  )
}
