import type { Trx } from '../../db/database.js'
import { topScoredArticle } from './queries.js'

/**
 * Finds the help article that best answers a question, for the built-in answerer and as context for a model.
 *
 * PostgreSQL's full-text search splits text at spaces and punctuation; Chinese has no spaces, so `to_tsvector('simple',
 * …)` keeps a whole run of Chinese as one token and would only match a question word for word. The score therefore
 * adds two parts, both plain SQL that PGlite runs the same way:
 * - the question's Latin words and numbers ("Excel", "2024") matched with `@@` and ranked with `ts_rank` (GIN index);
 * - the question's Chinese character pairs (bigrams, the usual substitute for a word breaker) found in the title
 *   (weight 3), the keywords (2) and the body (1), minus a few pairs every question has (如何, 怎么 …).
 * Articles are few per tenant (a help centre, not a library), so scoring each enabled one is cheap.
 */
const STOP = new Set([
  '如何',
  '怎么',
  '怎样',
  '什么',
  '可以',
  '请问',
  '我想',
  '一下',
  '我要',
  '需要',
  '哪里',
  '是否',
  '为什么',
  '么办',
  '怎么办',
])
/** A match must at least hit the title or keywords once, or the body twice. */
const MIN_SCORE = 2

function bigrams(text: string): string[] {
  const out = new Set<string>()
  for (const run of text.match(/[\u3400-\u9fff]+/g) ?? []) {
    if (run.length === 1) continue
    for (let i = 0; i + 2 <= run.length; i++) {
      const g = run.slice(i, i + 2)
      if (!STOP.has(g)) out.add(g)
    }
  }
  return [...out].slice(0, 60)
}

function latinWords(text: string): string {
  return (text.match(/[A-Za-z0-9]{2,}/g) ?? []).slice(0, 20).join(' ')
}

export interface FoundArticle {
  id: number
  title: string
  body: string
  score: number
}

export async function bestArticle(trx: Trx, question: string): Promise<FoundArticle | null> {
  const grams = bigrams(question)
  const words = latinWords(question)
  if (grams.length === 0 && words === '') return null
  const row = await topScoredArticle(trx, grams, words)
  if (!row || Number(row.score) < MIN_SCORE) return null
  return { id: Number(row.id), title: row.title, body: row.body, score: Number(row.score) }
}
