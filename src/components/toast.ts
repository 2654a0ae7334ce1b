import toast from 'react-hot-toast';
import { wantToaster } from './toaster-signal';

// Screens import `toast` from here, never from react-hot-toast (lint enforces it): loading this
// module is what tells the app shell to mount the toaster (see toaster-signal.ts).
wantToaster();

export { toast };
