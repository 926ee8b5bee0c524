import type { FormInstance } from 'antd'

/**
 * The form's values, or null when a field is invalid. antd rejects validateFields() with the field errors, which it
 * already shows beside the fields: awaiting it bare turned every empty submit into an unhandled promise rejection.
 */
export function formValues<V>(form: FormInstance<V>): Promise<V | null> {
  return form.validateFields().catch(() => null)
}
