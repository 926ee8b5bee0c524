import { HUB_SCOPE_INFO, HUB_SCOPES, type HubScope } from '@zhixiao/shared'
import { Checkbox, Tag, Typography } from 'antd'

/** Scopes the district approves one by one, whatever else it grants. */
const SEPARATE_APPROVAL: readonly HubScope[] = ['phone']

/**
 * The grant screen: one checkbox per scope with what the app then receives — the scope's note and exactly the claims
 * it releases (HUB_SCOPE_INFO, the same list the server releases from).
 */
export function ScopeGrant({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  return (
    <Checkbox.Group value={value} onChange={(v) => onChange?.(v)} style={{ display: 'block' }}>
      {HUB_SCOPES.map((s) => {
        const info = HUB_SCOPE_INFO[s]
        return (
          <div key={s} data-scope={s} style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
            <Checkbox value={s}>
              <strong>{info.label}</strong> <Typography.Text code>{s}</Typography.Text>
              {SEPARATE_APPROVAL.includes(s) && <Tag color="orange">需区县单独批准</Tag>}
            </Checkbox>
            <div style={{ paddingLeft: 24 }}>
              <div>{info.note}</div>
              <div data-testid="scope-claims" style={{ wordBreak: 'break-word' }}>
                释放字段：
                {info.claims.map((c) => (
                  <Typography.Text key={c} code style={{ display: 'inline-block' }}>
                    {c}
                  </Typography.Text>
                ))}
              </div>
            </div>
          </div>
        )
      })}
    </Checkbox.Group>
  )
}
