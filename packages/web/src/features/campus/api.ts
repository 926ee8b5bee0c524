import {
  campusContracts as P,
  campusWeatherConfigContracts,
  classTeacherContracts as T,
  weatherContracts as W,
  type BackSignData,
  type CampusWeatherConfig,
  type ClassTeachersBody,
  type WeatherConfigSave,
  type WeatherTestBody,
} from '@zhixiao/shared'
import { ApiError } from '../../api/client'
import { call, callEnvelope } from '../../api/call'

export const CampusKeys = {
  portal: 'campus-portal',
  weatherConfig: 'campus-weather-config',
  weatherLocation: 'campus-weather-location',
  classTeachers: 'class-teachers',
} as const

type Org = { orgId?: number }
// Campus blocks fail quietly (001 §8: failed calls are mostly silent); each block shows its own empty state.
const quiet = { showError: false }

/** The campus portal's calls (docs/campus.md "Campus portal"). */
export const campusApi = {
  notices: (p: Org & { pageIndex?: number; pageSize?: number }) => call(P.findPortalNoticePub, p, quiet),
  weather: (p: Org) => call(P.getWeatherByOrgId, p, quiet),
  teacherNum: (p: Org) => call(P.getTeacherNumByOrgId, p, quiet),
  resources: (p: Org) => call(P.getSchoolResources, p, quiet),
  style: (p: Org) => call(P.getSchoolStyleInfo, p, quiet),
  events: (p: Org) => call(P.getEventSchoolInfo, p, quiet),
  backPlan: (p: Org) => call(P.getBackPlan, p, quiet),
  /** Always refused (the entry is closed): the refusal's msg and data are the answer. */
  backSign: async (p: Org): Promise<{ msg: string } & BackSignData> => {
    try {
      await callEnvelope(P.getBackSign, p, quiet)
      return { msg: '', attendance: null }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e
      const data = (e.data ?? null) as BackSignData | null
      return { msg: e.message, attendance: data?.attendance ?? null }
    }
  },
  totals: (p: Org) => call(P.getTotalStatistic, p, quiet),
  myClasses: (p: Org) => call(P.getTeacherClass, p, quiet),

  classTeachers: (classId: number) => call(T.teachers, { classId }),
  saveClassTeachers: (body: ClassTeachersBody) => callEnvelope(T.setTeachers, body),

  weatherConfig: () => call(W.get),
  saveWeatherConfig: (body: WeatherConfigSave) => callEnvelope(W.save, body),
  testWeather: (body: WeatherTestBody) => callEnvelope(W.test, body),
  location: () => call(campusWeatherConfigContracts.get, {}),
  saveLocation: (value: CampusWeatherConfig) => callEnvelope(campusWeatherConfigContracts.set, { value }),
}
