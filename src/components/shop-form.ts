import { isApiError } from '../api/api-error';
import { createAppFormHook } from '../ui/app-form';
import { normalizePhoneInput } from './address.schema';

/**
 * The app's one form hook (docs/conventions.md): the generic kit of src/ui/app-form.tsx with the
 * shop's rules. Forms are built with `useAppForm`, shared parts of forms with `withFieldGroup`
 * (address-fields.tsx). A form's server call is its `onSubmitAsync` validator: what the server
 * says about the fields comes back as that validator's `{ fields }` (`serverFieldErrors`), shown
 * under each field until the shopper edits it, so no form keeps server messages in React state.
 */
export const { useAppForm, withFieldGroup } = createAppFormHook({
  // Spec §5, §9: the phone keeps digits only, at most 15 of them.
  normalizePhone: normalizePhoneInput,
});

/**
 * What a failed server call says about a form's fields, as its `onSubmitAsync` validator
 * returns it (`{ fields }`): the server's messages for the form's own `fields`
 * (`ApiError.fields`, dotted paths as the form names them), each shown under its field until
 * the shopper edits it. `undefined` when the server named none of them (the caller's toast, or
 * its mutation's error, speaks instead). No form-level message here: TanStack Form drops one at
 * the first valid keystroke, so a message meant to stay until the next answer is read from the
 * mutation's state.
 */
export function serverFieldErrors(
  error: unknown,
  fields: readonly string[],
): { fields: Record<string, string> } | undefined {
  const messages: Record<string, string> = {};
  if (isApiError(error)) {
    for (const name of fields) {
      const message = error.fieldError(name);
      if (message) messages[name] = message;
    }
  }
  return Object.keys(messages).length === 0 ? undefined : { fields: messages };
}
