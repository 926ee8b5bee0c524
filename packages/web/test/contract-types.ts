/**
 * Checked by `npm run typecheck` (never run): the web calls the shared contracts, so a wrong field, a missing input
 * or a misread answer is a type error. Each @ts-expect-error below must stay an error; if the contract typing
 * loosened (to any, say), the directive itself would fail the typecheck.
 */
import { classContracts, gradeContracts, type InputOf } from '@zhixiao/shared'
import { call, callEnvelope } from '../src/api/call'

export async function contractTypes(): Promise<void> {
  const page = await call(gradeContracts.page, { pageIndex: 1, pageSize: 10 })
  const names: string[] = page.list.map((g) => g.name)
  // @ts-expect-error an answer field the contract does not have
  void page.list[0]?.nameTypo
  // @ts-expect-error a body field of the wrong type
  await call(gradeContracts.add, { name: 1 })
  // @ts-expect-error a call whose body is required, without one
  await callEnvelope(classContracts.archive)
  const added = await callEnvelope(classContracts.add, {} as InputOf<typeof classContracts.add>)
  const id: number = added.data
  // @ts-expect-error the answer of an update is null, not a row
  const wrong: { id: number } = (await callEnvelope(gradeContracts.update, {} as InputOf<typeof gradeContracts.update>))
    .data
  void names
  void id
  void wrong
}
