import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupApi } from './app/api-setup';
import { App } from './app/app';
import { loadInspector } from './app/inspect';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { startTheme } from './app/theme';
import { captureCallbackToken } from './session/callback-token';
import { SessionProvider } from './session/session';
import { bootSession } from './session/session-handle';
import './index.css';
import { InspectorProvider } from './ui/inspector';
import { ChunkLoadError } from './ui/lazy-part';

// First of all: an identity-provider token in the address bar leaves it (and the history entry)
// before anything else runs; the callback page takes it from memory.
captureCallbackToken();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain #root');

// Undefined unless in dev and asked for (see inspect.ts); production never loads the inspector.
const inspect = await loadInspector();

// Before the first render: it puts the stored theme on <html>, which an inline script would
// normally do (the CSP forbids inline scripts).
const theme = startTheme();
const queryClient = createQueryClient();
// Also before the first render, so protected routes know at once whether a session is coming.
const session = bootSession({ queryClient, inspect });
setupApi({ getToken: session.token, onUnauthorized: session.unauthorized });

createRoot(rootElement, {
  // A part that could not be fetched (offline) is an expected situation with its own message and
  // Retry (lazy-part.tsx), not a defect: a warning. Anything else a boundary caught is an error.
  onCaughtError: (error, info) => {
    if (error instanceof ChunkLoadError) console.warn(error, error.cause);
    else console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <InspectorProvider inspect={inspect}>
      <SessionProvider handle={session}>
        <AppProviders queryClient={queryClient} theme={theme}>
          <App />
        </AppProviders>
      </SessionProvider>
    </InspectorProvider>
  </StrictMode>,
);
