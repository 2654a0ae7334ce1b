import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { normalizePhoneInput } from './address.schema';
import { changeValue, leaveField } from './field-change';
import { CheckboxField, SelectField, TextField, firstError, inputStyles } from './form-field';

/**
 * The app's one form kit (TanStack Form's createFormHook): field components that read their
 * field from context and hold the blur and re-validation rules once (field-change.ts), so a
 * form cannot forget them. Forms are built with `useAppForm`, shared parts of forms with
 * `withFieldGroup` (address-fields.tsx).
 */
const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

type TextInputProps = {
  label: ReactNode;
  className?: string;
  autoComplete?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  placeholder?: string;
  readOnly?: boolean;
  hint?: ReactNode;
  /** A server's message for the field, shown until the shopper edits it. */
  serverError?: string | undefined;
  onEdit?: () => void;
};

function TextInput({ serverError, onEdit, ...props }: TextInputProps) {
  const field = useFieldContext<string | undefined>();
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.state.value ?? ''}
      onBlur={(event) => leaveField(field, event)}
      onChange={(event) => {
        onEdit?.();
        changeValue(field, event.target.value);
      }}
      error={firstError(field.state.meta.errors) ?? serverError}
    />
  );
}

type SelectInputProps = {
  label: ReactNode;
  className?: string;
  autoComplete?: string;
  serverError?: string | undefined;
  onEdit?: () => void;
  children: ReactNode;
};

function SelectInput({ serverError, onEdit, children, ...props }: SelectInputProps) {
  const field = useFieldContext<string>();
  return (
    <SelectField
      {...props}
      name={field.name}
      value={field.state.value}
      onBlur={(event) => leaveField(field, event)}
      onChange={(event) => {
        onEdit?.();
        changeValue(field, event.target.value);
      }}
      error={firstError(field.state.meta.errors) ?? serverError}
    >
      {children}
    </SelectField>
  );
}

function CheckboxInput({ label, className }: { label: ReactNode; className?: string }) {
  const field = useFieldContext<boolean>();
  return (
    <CheckboxField
      label={label}
      className={className}
      name={field.name}
      checked={field.state.value}
      onBlur={(event) => leaveField(field, event)}
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

/**
 * The phone input (spec §2, §5): Canada is the default country, the value keeps digits only and
 * at most 15 of them.
 */
function PhoneInput({
  className,
  autoComplete = 'tel',
  serverError,
  onEdit,
}: {
  className?: string;
  autoComplete?: string;
  serverError?: string | undefined;
  onEdit?: () => void;
}) {
  const field = useFieldContext<string>();
  const id = useId();
  const prefixId = `${id}-prefix`;
  const errorId = `${id}-error`;
  const error = firstError(field.state.meta.errors) ?? serverError;
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
          onChange={(event) => {
            onEdit?.();
            changeValue(field, normalizePhoneInput(event.target.value));
          }}
          onBlur={(event) => leaveField(field, event)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[prefixId, error ? errorId : ''].filter(Boolean).join(' ')}
          className={css(inputStyles, { flex: '1', minW: '0' })}
        />
      </div>
      {error ? (
        <span
          id={errorId}
          role="alert"
          className={css({ display: 'block', mt: '1.5', color: 'danger', fontSize: 'sm' })}
        >
          {error}
        </span>
      ) : null}
    </div>
  );
}

export const { useAppForm, withForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextInput, SelectInput, CheckboxInput, PhoneInput },
  formComponents: {},
});
