import type { ChangeEvent, FocusEvent } from 'react';
import { firstError } from './form-field';

type FieldMeta = { isBlurred: boolean; errorMap: Record<string, unknown> };

/** The part of a TanStack Form field that changeValue needs. */
type ChangeableField<TValue, TMeta extends FieldMeta> = {
  handleChange: (value: TValue) => void;
  validate: (cause: 'blur', options?: { skipFormValidation?: boolean }) => unknown;
  setMeta: (updater: (meta: TMeta) => TMeta) => void;
  state: { meta: TMeta };
};

/**
 * Sets a field's value. Fields are validated on blur (spec §5); once a field has been left, or
 * a submit has given it a message, its blur rules also run on every change, so the message
 * follows the value at once. Otherwise a fixed field would keep a stale message until the next
 * submit, or lose it only on the blur caused by clicking the submit button, which moves the
 * button under the pointer so that the click misses it.
 */
export function changeValue<TValue, TMeta extends FieldMeta>(
  field: ChangeableField<TValue, TMeta>,
  value: TValue,
): void {
  const { isBlurred, errorMap } = field.state.meta;
  const speaking = isBlurred || Object.values(errorMap).some((error) => error !== undefined);
  field.handleChange(value);
  if (!speaking) return;
  // Earlier messages were about the old value; the blur rules speak for the new one.
  field.setMeta((meta) => ({ ...meta, errorMap: {} as TMeta['errorMap'] }));
  void field.validate('blur', { skipFormValidation: true });
}

/**
 * Leaves a field: validates it (on blur, spec §5), except when focus goes to its form's submit
 * button. The submit validates every field anyway, and a message appearing at that moment
 * would push the button down under the pointer, so the click would miss it.
 */
export function leaveField(field: { handleBlur: () => void }, event: FocusEvent<Element>): void {
  const next = event.relatedTarget;
  const form = event.currentTarget.closest('form');
  if (next instanceof HTMLButtonElement && next.type === 'submit' && form && next.form === form) {
    return;
  }
  field.handleBlur();
}

/**
 * The value, blur, change and error props of a text field bound to a TanStack Form field, with
 * the rules above and a server's message for the field shown until the shopper edits it:
 * `<TextField label="Email" {...textFieldBinding(field, { serverError, onEdit })} />`.
 */
export function textFieldBinding<TMeta extends FieldMeta>(
  field: ChangeableField<string, TMeta> & {
    handleBlur: () => void;
    state: { value: string; meta: { errors: readonly unknown[] } };
  },
  { serverError, onEdit }: { serverError?: string | undefined; onEdit?: () => void } = {},
) {
  return {
    value: field.state.value,
    onBlur: (event: FocusEvent<HTMLInputElement>) => leaveField(field, event),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onEdit?.();
      changeValue(field, event.target.value);
    },
    error: firstError(field.state.meta.errors) ?? serverError,
  };
}
