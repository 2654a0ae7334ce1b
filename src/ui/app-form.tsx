import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import { useId, type FocusEvent, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { summarisedFieldId, useSummarisedFields } from './error-summary';
import { CheckboxField, SelectField, TextField, firstError, inputStyles } from './form-field';

/**
 * The generic form kit (TanStack Form's createFormHook): field components that read their
 * field from context and hold the blur and re-validation rules once (`changeValue`,
 * `leaveField` below), so a form cannot forget them. It knows no domain and no API: the shop's
 * rules come in through `createAppFormHook` (the phone's normaliser), called once, by
 * src/components/shop-form.ts, which makes the app's one hook (`useAppForm`, `withFieldGroup`)
 * and maps the server's field messages (`serverFieldErrors`). A primitive layer below the
 * domain views cannot import them (docs/conventions.md#layers).
 */
type FieldMeta = { isBlurred: boolean; errorMap: Record<string, unknown> };

/** The part of a TanStack Form field that changeValue needs. */
type ChangeableField<TValue, TMeta extends FieldMeta> = {
  handleChange: (value: TValue) => void;
  options: { validators?: { onBlur?: unknown } };
  setMeta: (updater: (meta: TMeta) => TMeta) => void;
  state: { meta: TMeta };
};

/**
 * Sets a field's value. Messages appear when the shopper leaves a field, or submits (spec §5),
 * never at each keystroke (issue 30, ADR-0057): typing in a field that shows no message shows
 * none. A field that shows one is checked again as it is typed in, and the message goes as soon
 * as the value passes (so a fixed field never keeps a stale message, and leaving it for the
 * submit button does not move the button under the pointer); while the value still fails, the
 * message shown stays as it is, and the next blur or submit says what is wrong now.
 */
function changeValue<TValue, TMeta extends FieldMeta>(
  field: ChangeableField<TValue, TMeta>,
  value: TValue,
): void {
  const speaking = Object.values(field.state.meta.errorMap).some((error) => error !== undefined);
  field.handleChange(value);
  if (!speaking) return;
  // The new value, checked by the field's own blur rules (the field's state may not hold it yet).
  if (passesBlurRules(field.options.validators?.onBlur, value)) {
    field.setMeta((meta) => ({ ...meta, errorMap: {} as TMeta['errorMap'] }));
  }
}

/** A Standard Schema (zod) check, run at once; a rule that answers later waits for the blur. */
type BlurRule = {
  '~standard': {
    validate: (value: unknown) => { issues?: readonly unknown[] } | Promise<unknown>;
  };
};

function passesBlurRules(rule: unknown, value: unknown): boolean {
  if (typeof rule !== 'object' || rule === null || !('~standard' in rule)) return true;
  const result = (rule as BlurRule)['~standard'].validate(value);
  if (result instanceof Promise) return false;
  return !result.issues?.length;
}

/**
 * Leaves a field: validates it (on blur, spec §5), except when focus goes to its form's submit
 * button. The submit validates every field anyway, and a message appearing at that moment
 * would push the button down under the pointer, so the click would miss it. In a form with an
 * error summary, a message that appears or changes here is announced once (`announce`).
 */
function leaveField(
  field: { handleBlur: () => void; state: { meta: { errors: unknown[] } } },
  event: FocusEvent<Element>,
  announce?: (message: string) => void,
): void {
  const next = event.relatedTarget;
  const form = event.currentTarget.closest('form');
  if (next instanceof HTMLButtonElement && next.type === 'submit' && form && next.form === form) {
    return;
  }
  const before = firstError(field.state.meta.errors);
  field.handleBlur();
  const after = firstError(field.state.meta.errors);
  if (announce && after !== undefined && after !== before) announce(after);
}

const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

/** In a form with an error summary: the control's id the summary links to, and its announcer. */
function useSummaryScope(name: string) {
  const scope = useSummarisedFields();
  return {
    id: scope ? summarisedFieldId(scope.idPrefix, name) : undefined,
    announce: scope?.announce,
  };
}

type TextInputProps = {
  label: ReactNode;
  className?: string;
  autoComplete?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  placeholder?: string;
  readOnly?: boolean;
  hint?: ReactNode;
};

function TextInput(props: TextInputProps) {
  const field = useFieldContext<string | undefined>();
  const { id, announce } = useSummaryScope(field.name);
  return (
    <TextField
      {...props}
      id={id}
      name={field.name}
      value={field.state.value ?? ''}
      onBlur={(event) => leaveField(field, event, announce)}
      onChange={(event) => changeValue(field, event.target.value)}
      error={firstError(field.state.meta.errors)}
    />
  );
}

type SelectInputProps = {
  label: ReactNode;
  className?: string;
  autoComplete?: string;
  children: ReactNode;
};

function SelectInput({ children, ...props }: SelectInputProps) {
  const field = useFieldContext<string>();
  const { id, announce } = useSummaryScope(field.name);
  return (
    <SelectField
      {...props}
      id={id}
      name={field.name}
      value={field.state.value}
      onBlur={(event) => leaveField(field, event, announce)}
      onChange={(event) => changeValue(field, event.target.value)}
      error={firstError(field.state.meta.errors)}
    >
      {children}
    </SelectField>
  );
}

function CheckboxInput({ label, className }: { label: ReactNode; className?: string }) {
  const field = useFieldContext<boolean>();
  const { id, announce } = useSummaryScope(field.name);
  return (
    <CheckboxField
      label={label}
      className={className}
      id={id}
      name={field.name}
      checked={field.state.value}
      onBlur={(event) => leaveField(field, event, announce)}
      onChange={(event) => changeValue(field, event.target.checked)}
    />
  );
}

const phoneLabelStyle = css({
  display: 'block',
  fontWeight: 'semibold',
  fontSize: 'sm',
  mb: '1.5',
});

type PhoneInputProps = {
  className?: string;
  autoComplete?: string;
};

/**
 * The phone input (spec §2, §5): Canada is the default country; what the value keeps of the
 * typing (digits only, at most 15) is the shop's rule, given to createAppFormHook.
 */
function PhoneInput({
  className,
  autoComplete = 'tel',
  normalize,
}: PhoneInputProps & {
  /** What the input keeps of what was typed (the rule comes from createAppFormHook). */
  normalize: (typed: string) => string;
}) {
  const field = useFieldContext<string>();
  const scope = useSummaryScope(field.name);
  const generatedId = useId();
  const id = scope.id ?? generatedId;
  const prefixId = `${id}-prefix`;
  const errorId = `${id}-error`;
  const error = firstError(field.state.meta.errors);
  return (
    <div className={className}>
      <label htmlFor={id} className={phoneLabelStyle}>
        Phone Number
      </label>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'stretch' })}>
        <span
          id={prefixId}
          title="Canada"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            px: '3',
            borderRadius: 'lg',
            borderWidth: '1px',
            borderColor: 'border',
            bg: 'surfaceMuted',
            fontWeight: 'semibold',
            fontSize: 'sm',
            whiteSpace: 'nowrap',
          })}
        >
          +1 CA
        </span>
        <input
          id={id}
          name={field.name}
          type="tel"
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder="1 (702) 123-4567"
          value={field.state.value}
          onChange={(event) => changeValue(field, normalize(event.target.value))}
          onBlur={(event) => leaveField(field, event, scope.announce)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[prefixId, error ? errorId : ''].filter(Boolean).join(' ')}
          className={css(inputStyles, { flex: '1', minW: '0' })}
        />
      </div>
      {error ? (
        <span
          id={errorId}
          // With an error summary, the summary speaks for the messages (error-summary.tsx).
          role={scope.id ? undefined : 'alert'}
          className={css({ display: 'block', mt: '1.5', color: 'danger', fontSize: 'sm' })}
        >
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The shop's rules the kit's fields apply; the kit itself knows none of them. */
type FormKitRules = {
  /** What the phone input keeps of what was typed. */
  normalizePhone: (typed: string) => string;
};

/**
 * The app's form hook from this kit and the shop's rules. Called once, by
 * src/components/shop-form.ts: every form of the app is built from that one `useAppForm`.
 */
export function createAppFormHook({ normalizePhone }: FormKitRules) {
  function ShopPhoneInput(props: PhoneInputProps) {
    return <PhoneInput {...props} normalize={normalizePhone} />;
  }
  return createFormHook({
    fieldContext,
    formContext,
    fieldComponents: { TextInput, SelectInput, CheckboxInput, PhoneInput: ShopPhoneInput },
    formComponents: {},
  });
}
