import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { css, cx, sva } from 'styled-system/css';
import { useSummarisedFields } from './error-summary';

/**
 * Labelled form controls: the form kit (app-form.tsx) binds them to TanStack Form fields, and
 * plain controls (menu filters, the promo code, card fields) use them directly. They know
 * nothing of TanStack Form: the caller passes `value`/`onChange`/`onBlur` and
 * the field's first error message. The error sits outside the <label> and is linked with
 * aria-describedby, so the control's accessible name stays its label (stack.md §8).
 *
 * The field recipe: a label above the control, then a hint or the error under it. Controls
 * outside this file (card fields, the history search) take its parts so every field looks alike.
 */
export const field = sva({
  slots: ['label', 'control', 'hint', 'error'],
  base: {
    label: { display: 'block', fontWeight: 'semibold', fontSize: 'sm', mb: '1.5' },
    control: {
      w: 'full',
      minH: '11',
      px: '3.5',
      py: '2',
      borderRadius: 'control',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'borderStrong',
      bg: 'surface',
      color: 'text',
      fontSize: 'md',
      transition: 'border-color 0.15s ease',
      _hover: { borderColor: 'textMuted' },
      _placeholder: { color: 'textMuted' },
      _focusVisible: { focusOutline: 'snug' },
      _disabled: { opacity: 0.6, cursor: 'not-allowed' },
      // The attribute, not :read-only, which every <select> matches (it is never "read-write").
      '&[readonly]': { bg: 'surfaceMuted' },
      '&[aria-invalid=true]': { borderColor: 'danger' },
    },
    hint: { display: 'block', mt: '1.5', color: 'textMuted', fontSize: 'sm' },
    error: { display: 'block', mt: '1.5', color: 'danger', fontSize: 'sm' },
  },
});

/** The control's styles, to merge with a caller's: `css(inputStyles, { … })`. */
export const inputStyles = field.raw().control;

const { label: labelStyle, error: errorStyle, hint: hintStyle } = field();

type FieldFrameProps = {
  label: ReactNode;
  /** The message to show under the control; falsy shows none. */
  error?: string | null | undefined;
  hint?: ReactNode;
  className?: string;
};

/** A field's ids: the control, its error and its hint (for aria-describedby). */
function useFieldIds(id: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, errorId: `${controlId}-error`, hintId: `${controlId}-hint` };
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

function FieldMessages({
  error,
  hint,
  errorId,
  hintId,
}: Pick<FieldFrameProps, 'error' | 'hint'> & { errorId: string; hintId: string }) {
  // With an error summary, the summary speaks for the messages (error-summary.tsx).
  const summarised = useSummarisedFields() !== null;
  return (
    <>
      {hint ? (
        <span id={hintId} className={hintStyle}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} role={summarised ? undefined : 'alert'} className={errorStyle}>
          {error}
        </span>
      ) : null}
    </>
  );
}

type TextFieldProps = FieldFrameProps & Omit<ComponentPropsWithRef<'input'>, 'className'>;

export function TextField({ label, error, hint, className, id, ...input }: TextFieldProps) {
  const { controlId, errorId, hintId } = useFieldIds(id);
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelStyle}>
        {label}
      </label>
      <input
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(hint) && hintId, Boolean(error) && errorId)}
        className={css(inputStyles)}
        {...input}
      />
      <FieldMessages error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

type SelectFieldProps = FieldFrameProps &
  Omit<ComponentPropsWithRef<'select'>, 'className'> & { children: ReactNode };

export function SelectField({ label, error, hint, className, id, ...select }: SelectFieldProps) {
  const { controlId, errorId, hintId } = useFieldIds(id);
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelStyle}>
        {label}
      </label>
      <select
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(hint) && hintId, Boolean(error) && errorId)}
        className={css(inputStyles, { appearance: 'auto' })}
        {...select}
      />
      <FieldMessages error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

type CheckboxFieldProps = Omit<FieldFrameProps, 'hint'> &
  Omit<ComponentPropsWithRef<'input'>, 'className' | 'type'>;

export function CheckboxField({ label, error, className, id, ...input }: CheckboxFieldProps) {
  const { controlId, errorId } = useFieldIds(id);
  const summarised = useSummarisedFields() !== null;
  return (
    <div className={className}>
      <label
        htmlFor={controlId}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2',
          cursor: 'pointer',
        })}
      >
        <input
          id={controlId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={css({ w: '4.5', h: '4.5', accentColor: 'accent' })}
          {...input}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <span id={errorId} role={summarised ? undefined : 'alert'} className={cx(errorStyle)}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The first message of a TanStack Form field's errors (Standard Schema issues or strings). */
export function firstError(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error !== '') return error;
    if (typeof error === 'object' && error !== null && 'message' in error) {
      const { message } = error as { message: unknown };
      if (typeof message === 'string' && message !== '') return message;
    }
  }
  return undefined;
}
