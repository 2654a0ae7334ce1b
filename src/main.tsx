import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupApi } from './app/api-setup';
import { App } from './app/app';
import { loadInspector } from './app/inspect';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { startThemeActor } from './app/theme';
import { captureCallbackToken } from './session/callback-token';
import { SessionProvider } from './session/session';
import { sessionToken, startSessionActor } from './session/session-actor';
import './index.css';
import { InspectorProvider } from './components/inspector';

// First of all: an identity-provider token in the address bar leaves it (and the history entry)
// before anything else runs; the callback page takes it from memory.
captureCallbackToken();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain #root');

// Undefined unless in dev and asked for (see inspect.ts); production never loads the inspector.
const inspect = await loadInspector();

// Started before the first render: its entry action puts the stored theme on <html>, which an
// inline script would normally do (the CSP forbids inline scripts).
const themeActor = startThemeActor({ inspect });
const queryClient = createQueryClient();
// Also before the first render, so protected routes know at once who is signed in.
const sessionActor = startSessionActor({ queryClient, inspect });
setupApi({
  getToken: () => sessionToken(sessionActor),
  onUnauthorized: () => sessionActor.send({ type: 'session.unauthorized' }),
});

createRoot(rootElement).render(
  <StrictMode>
    <InspectorProvider inspect={inspect}>
      <SessionProvider actor={sessionActor}>
        <AppProviders queryClient={queryClient} themeActor={themeActor}>
          <App />
        </AppProviders>
      </SessionProvider>
    </InspectorProvider>
  </StrictMode>,
);
