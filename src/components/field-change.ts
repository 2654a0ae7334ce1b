/** The part of a TanStack Form field that changeValue needs. */
type ChangeableField<TValue> = {
  handleChange: (value: TValue) => void;
  validate: (cause: 'blur', options?: { skipFormValidation?: boolean }) => unknown;
  state: { meta: { isBlurred: boolean } };
};

/**
 * Sets a field's value. Fields are validated on blur (spec §5); once a field has been left, its
 * blur rules also run on every change, so a message disappears as soon as the value is fixed.
 * Otherwise the message would vanish only on the blur caused by clicking the submit button,
 * the button would jump up under the pointer, and the click would miss it.
 */
export function changeValue<TValue>(field: ChangeableField<TValue>, value: TValue): void {
  field.handleChange(value);
  if (field.state.meta.isBlurred) void field.validate('blur', { skipFormValidation: true });
}
