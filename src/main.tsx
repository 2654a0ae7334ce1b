import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupApi } from './app/api-setup';
import { App } from './app/app';
import { loadInspector } from './app/inspect';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { startThemeActor } from './app/theme';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain #root');

// Undefined unless in dev and asked for (see inspect.ts); production never loads the inspector.
const inspect = await loadInspector();

// Started before the first render: its entry action puts the stored theme on <html>, which an
// inline script would normally do (the CSP forbids inline scripts).
const themeActor = startThemeActor({ inspect });
setupApi();
const queryClient = createQueryClient();

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} themeActor={themeActor}>
      <App />
    </AppProviders>
  </StrictMode>,
);
