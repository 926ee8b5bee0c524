import {
  CAMPUS_API, type BackPlan, type BackSignData, type ClassTeachersAnswer, type ClassTeachersBody, type CampusWeatherConfig, type NewsRow, type SchoolEvents, type SchoolResources, type SchoolStyle, type TeacherClassAnswer,
  type TeacherNum, type TotalStatistic, type WeatherAnswer, type WeatherConfigSave, type WeatherConfigView, type WeatherNow, type WeatherTestBody,
} from '@zhixiao/shared'
import { ApiError, request, requestEnvelope } from '../../api/client'

export const CampusKeys = { portal: 'campus-portal', weatherConfig: 'campus-weather-config', weatherLocation: 'campus-weather-location', classTeachers: 'class-teachers' } as const

type Org = { orgId?: number }
const read = <T,>(name: string, params: Org & Record<string, number | undefined> = {}) =>
  // Campus blocks fail quietly (001 §8: failed calls are mostly silent); each block shows its own empty state.
  request<T>(`${CAMPUS_API}/${name}`, { params, showError: false })

/** The campus portal's calls (docs/portal.md "Campus portal"). */
export const campusApi = {
  notices: (p: Org & { pageIndex?: number; pageSize?: number }) => read<{ list: NewsRow[]; total: number }>('findPortalNoticePub', p),
  weather: (p: Org) => read<WeatherAnswer>('getWeatherByOrgId', p),
  teacherNum: (p: Org) => read<TeacherNum>('getTeacherNumByOrgId', p),
  resources: (p: Org) => read<SchoolResources>('getSchoolResources', p),
  style: (p: Org) => read<SchoolStyle>('getSchoolStyleInfo', p),
  events: (p: Org) => read<SchoolEvents>('getEventSchoolInfo', p),
  backPlan: (p: Org) => read<BackPlan>('getBackPlan', p),
  /** Always refused (the entry is closed): the refusal's msg and data are the answer. */
  backSign: async (p: Org): Promise<{ msg: string } & BackSignData> => {
    try {
      await requestEnvelope<unknown>(`${CAMPUS_API}/getBackSign`, { params: p, showError: false })
      return { msg: '', attendance: null }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e
      const data = (e.data ?? null) as BackSignData | null
      return { msg: e.message, attendance: data?.attendance ?? null }
    }
  },
  totals: (p: Org) => read<TotalStatistic>('getTotalStatistic', p),
  myClasses: (p: Org) => read<TeacherClassAnswer>('getTeacherClass', p),

  classTeachers: (classId: number) => request<ClassTeachersAnswer>('/base/api/class/teachers', { params: { classId } }),
  saveClassTeachers: (body: ClassTeachersBody) => requestEnvelope<null>('/base/api/class/setTeachers', { body }),

  weatherConfig: () => request<WeatherConfigView>('/base/api/weather/config/get'),
  saveWeatherConfig: (body: WeatherConfigSave) => requestEnvelope<null>('/base/api/weather/config/save', { body }),
  testWeather: (body: WeatherTestBody) => requestEnvelope<WeatherNow>('/base/api/weather/config/test', { body }),
  location: () => request<CampusWeatherConfig & { orgId: number; source: string }>('/base/configMgr/getCampusWeatherConfig'),
  saveLocation: (value: CampusWeatherConfig) => requestEnvelope<null>('/base/configMgr/setCampusWeatherConfig', { body: { value } }),
}
