import * as z from './z.js'
import { dictAddBody, dictPageBody, dictUpdateBody } from './dictionary.js'

/** workRestType (000 §7.9): the kinds of schedule (冬季作息, 夏季作息 …), a dictionary of its own (docs/base-data.md). */
export const workRestTypePageBody = dictPageBody.omit({ dictType: true })
export const workRestTypeAddBody = dictAddBody.omit({ dictType: true })
export const workRestTypeUpdateBody = dictUpdateBody
export const workRestTypeSelectQuery = z.object({ orgId: z.coerce.number().int().optional() })
