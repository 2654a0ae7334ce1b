import { toast } from '../../ui/toast';

// Spec §4/§9: auth toasts appear top-right for 4 s.
// Topic `auth`: a success dismisses the auth errors it answers (toast.ts).
const AUTH_TOAST = { position: 'top-right', duration: 4000, topic: 'auth' } as const;

export const authToast = {
  success: (message: string) => toast.success(message, AUTH_TOAST),
  error: (message: string) => toast.error(message, AUTH_TOAST),
};
