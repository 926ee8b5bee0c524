import type { PasswordRule } from '@zhixiao/shared'

/** The tenant's password rule; the spec leaves its content to us (docs/auth.md). */
export function passwordRuleFor(tenant: { password_max_age_days: number }): PasswordRule {
  return {
    type: 1,
    minLength: 8,
    maxLength: 20,
    maxAgeDays: tenant.password_max_age_days,
    text: '密码长度为8-20位，须同时包含字母和数字',
  }
}

/** Returns the Chinese reason a password breaks the rule, or null. */
export function checkPasswordRule(rule: PasswordRule, password: string): string | null {
  if (
    password.length < rule.minLength ||
    password.length > rule.maxLength ||
    !/[A-Za-z]/.test(password) ||
    !/\d/.test(password)
  ) {
    return rule.text
  }
  if (/\s/.test(password)) return '密码不能包含空格'
  return null
}
