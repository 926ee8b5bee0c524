import { BAND_LABEL, type NamedCount, type SnapshotView, type StatsSchool } from '@zhixiao/shared'
import { neutraliseFormula } from '../../platform/excel.js'
import ExcelJS from '../../platform/exceljs.js'

type Cell = string | number | null
interface Sheet {
  name: string
  header: string[]
  rows: Cell[][]
  widths?: number[]
}

const DISTRICT = '全区合计'
const ratioText = (r: number | null) => (r === null ? '—' : `${r}:1`)

function addSheet(wb: InstanceType<typeof ExcelJS.Workbook>, title: string, s: Sheet): void {
  const ws = wb.addWorksheet(s.name)
  ws.addRow([title]).font = { bold: true, size: 14 }
  const header = ws.addRow(s.header)
  header.font = { bold: true }
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F0FF' } }
  })
  // Every name comes from data (school, class, dictionary entries): formula-like text is written as text.
  for (const r of s.rows) ws.addRow(r.map((v) => neutraliseFormula(v ?? '')))
  s.header.forEach((_, i) => {
    ws.getColumn(i + 1).width = s.widths?.[i] ?? (i === 0 ? 24 : 12)
  })
  ws.views = [{ state: 'frozen', ySplit: 2 }]
}

/** A school × name table (职称, 学历, 民族): one column per name found anywhere, in the district's order. */
function crossSheet(
  name: string,
  first: string,
  schools: StatsSchool[],
  pick: (s: StatsSchool) => NamedCount[],
  total: NamedCount[],
): Sheet {
  const names = total.map((t) => t.name)
  const row = (label: string, list: NamedCount[], n: number): Cell[] => [
    label,
    n,
    ...names.map((k) => list.find((x) => x.name === k)?.n ?? 0),
  ]
  return {
    name,
    header: ['学校', first, ...names],
    rows: [
      ...schools.map((s) =>
        row(
          s.name,
          pick(s),
          pick(s).reduce((a, x) => a + x.n, 0),
        ),
      ),
      row(
        DISTRICT,
        total,
        total.reduce((a, x) => a + x.n, 0),
      ),
    ],
  }
}

/**
 * The snapshot in the layout the bureau's forms use: one sheet per table (学生数 by school × grade × gender, 班额 by
 * school with band counts and the classes in a band, 教师 by title and by education, 生师比), Chinese headers, numbers
 * as numbers, no formulas. Only what the caller may see (a school admin's file holds their school alone).
 */
export async function snapshotWorkbook(v: SnapshotView): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Zhixiao'
  const title = (t: string) => `${v.schoolYear}学年 ${t}（统计时间 ${v.takenAt.slice(0, 10)}）`
  const total = v.totals
  const totalLabel = v.district ? DISTRICT : '合计'
  addSheet(wb, title('学生数'), {
    name: '学生数',
    header: ['学校', '年级', '学段', '学生数', '男', '女', '性别未填', '少数民族'],
    rows: [
      ...v.schools.flatMap((s) => [
        ...s.grades.map((g): Cell[] => [
          s.name,
          g.name,
          g.period ?? '',
          g.students,
          g.male,
          g.female,
          g.unknownSex,
          g.minority,
        ]),
        [s.name, '小计', '', s.students, s.male, s.female, s.unknownSex, s.minority],
      ]),
      [totalLabel, '', '', total.students, total.male, total.female, total.unknownSex, total.minority],
    ],
  })
  addSheet(wb, title('班额'), {
    name: '班额',
    header: [
      '学校',
      '班级数',
      '学生数',
      '平均班额',
      BAND_LABEL.balanced,
      `${BAND_LABEL.large}（56人以上）`,
      `${BAND_LABEL.huge}（66人以上）`,
    ],
    rows: [...v.schools, { ...total, name: totalLabel }].map((s) => [
      s.name,
      s.classes,
      s.students,
      s.classes ? Math.round((s.students / s.classes) * 10) / 10 : 0,
      s.bands.balanced,
      s.bands.large,
      s.bands.huge,
    ]),
    widths: [24, 10, 10, 10, 18, 18, 18],
  })
  addSheet(wb, title('班额预警班级'), {
    name: '班额预警班级',
    header: ['学校', '年级', '班级', '人数', '班额'],
    rows: v.schools.flatMap((s) =>
      s.grades.flatMap((g) =>
        g.classes.filter((c) => c.band).map((c): Cell[] => [s.name, g.name, c.name, c.size, BAND_LABEL[c.band!]]),
      ),
    ),
  })
  addSheet(
    wb,
    title('教师（职称）'),
    crossSheet('教师（职称）', '教师数', v.schools, (s) => s.titles, total.titles),
  )
  addSheet(
    wb,
    title('教师（学历）'),
    crossSheet('教师（学历）', '教师数', v.schools, (s) => s.education, total.education),
  )
  addSheet(
    wb,
    title('学生（民族）'),
    crossSheet('学生（民族）', '学生数', v.schools, (s) => s.nations, total.nations),
  )
  addSheet(wb, title('生师比'), {
    name: '生师比',
    header: ['学校', '学生数', '教师数', '生师比'],
    rows: [...v.schools, { ...total, name: totalLabel }].map((s) => [
      s.name,
      s.students,
      s.teachers,
      ratioText(s.ratio),
    ]),
  })
  return Buffer.from(await wb.xlsx.writeBuffer())
}

export const snapshotFileName = (v: SnapshotView) => `${v.schoolYear}学年秋季统计.xlsx`
