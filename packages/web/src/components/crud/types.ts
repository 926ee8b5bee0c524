/** A page of rows as every base-data `page` call answers it. */
export interface PageResult<T> {
  list: T[]
  total: number
}
/** A list the server answers whole (levels, areas of one parent, study months, time slots) as a page. */
export const wholeList = <T>(list: T[]): PageResult<T> => ({ list, total: list.length })
/** What the table card asks its fetcher for. */
export interface PageParams {
  keyword?: string
  pageIndex: number
  pageSize: number
}
/** Records with the 0 enabled / 1 disabled toggle. */
export interface Toggleable {
  id: number
  status: number
}
