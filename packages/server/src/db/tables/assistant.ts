import type { Generated } from 'kysely'
import type { Owned } from './columns.js'

/** Tables of migration 202611241710_create_assistant (modules/assistant). */
interface AssistantConfigTable extends Owned {
  enabled: boolean
  provider: string
  base_url: string | null
  model: string | null
  api_key_sealed: string | null
  updated_by: number | null
  updated_at: Generated<Date>
}
interface HelpArticleTable extends Owned {
  id: Generated<number>
  title: string
  keywords: Generated<string>
  body: string
  enabled: Generated<boolean>
  updated_at: Generated<Date>
}
interface AssistantConversationTable extends Owned {
  id: Generated<number>
  user_info_id: number
  started_at: Date
  ended_at: Date | null
}
interface AssistantMessageTable extends Owned {
  id: Generated<number>
  conversation_id: number | null
  user_info_id: number
  org_id: number
  question: string
  answer: Generated<string>
  source: Generated<string>
  source_title: string | null
  created_at: Date
}

export interface AssistantTables {
  assistant_config: AssistantConfigTable
  help_article: HelpArticleTable
  assistant_conversation: AssistantConversationTable
  assistant_message: AssistantMessageTable
}
