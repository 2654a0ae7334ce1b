import baseToast, {
  type Renderable,
  type ToastOptions,
  type ValueOrFunction,
} from 'react-hot-toast';
import { wantToaster } from './toaster-signal';

// Screens import `toast` from here, never from react-hot-toast (lint enforces it): loading this
// module is what tells the app shell to mount the toaster (see toaster-signal.ts).
wantToaster();

/**
 * The one toast policy (issue 16, ADR-0029):
 * - a success dismisses the errors it answers: those raised with the same `topic` (default
 *   `general`), so "Log in successfully" takes "Invalid email or password" away;
 * - toasts never cover the header: below it on wide screens (the toaster's offset), at the
 *   bottom on phones, whatever position a screen asked for;
 * - every toast has a close button (the toaster renders it); durations stay spec §9's.
 */
export type PolicyToastOptions = ToastOptions & {
  /** What the toast is about; a success dismisses the errors of its topic. */
  topic?: string;
};

type Message = ValueOrFunction<Renderable, never>;

/** Phones: toasts at the bottom, clear of the header and under the thumb. */
const PHONE_QUERY = '(max-width: 639px)';

function isPhone(): boolean {
  try {
    return window.matchMedia(PHONE_QUERY).matches;
  } catch {
    return false;
  }
}

/** Error toasts on screen, by topic. */
const openErrors = new Map<string, Set<string>>();

function place({ topic: _topic, ...options }: PolicyToastOptions = {}): ToastOptions {
  if (!isPhone()) return options;
  return { ...options, position: 'bottom-center' };
}

function error(message: Message, options: PolicyToastOptions = {}): string {
  const topic = options.topic ?? 'general';
  const id = baseToast.error(message as Renderable, place(options));
  const ids = openErrors.get(topic) ?? new Set<string>();
  ids.add(id);
  openErrors.set(topic, ids);
  return id;
}

function success(message: Message, options: PolicyToastOptions = {}): string {
  const topic = options.topic ?? 'general';
  for (const id of openErrors.get(topic) ?? []) baseToast.dismiss(id);
  openErrors.delete(topic);
  return baseToast.success(message as Renderable, place(options));
}

export const toast = Object.assign(
  (message: Message, options?: PolicyToastOptions) =>
    baseToast(message as Renderable, place(options)),
  {
    error,
    success,
    loading: (message: Renderable, options?: PolicyToastOptions) =>
      baseToast.loading(message, place(options)),
    custom: (message: Renderable, options?: PolicyToastOptions) =>
      baseToast.custom(message, place(options)),
    dismiss: baseToast.dismiss,
    remove: baseToast.remove,
    promise: baseToast.promise,
  },
);
