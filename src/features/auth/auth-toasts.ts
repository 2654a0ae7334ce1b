import { toast } from '../../components/toast';

// Spec §4/§9: auth toasts appear top-right for 4 s.
const AUTH_TOAST = { position: 'top-right', duration: 4000 } as const;

export const authToast = {
  success: (message: string) => toast.success(message, AUTH_TOAST),
  error: (message: string) => toast.error(message, AUTH_TOAST),
};
