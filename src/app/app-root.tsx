import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import { SessionProvider } from '../session/session';
import type { SessionHandle } from '../session/session-handle';
import { InspectorProvider } from '../ui/inspector';
import { App } from './app';
import { AppProviders } from './providers';
import type { ThemeStore } from './theme';

export type AppRootProps = {
  queryClient: QueryClient;
  theme: ThemeStore;
  session: SessionHandle;
  inspect?: Observer<InspectionEvent> | undefined;
  /** On the server: the address rendered (path, and query string without `?`). */
  ssrPath?: string;
  ssrSearch?: string;
};

/**
 * The whole tree, the same in the browser (src/main.tsx) and on the server
 * (src/entry-server.tsx): hydration needs the server's HTML to come from the very same tree.
 */
export function AppRoot({
  queryClient,
  theme,
  session,
  inspect,
  ssrPath,
  ssrSearch,
}: AppRootProps) {
  return (
    <StrictMode>
      <Router {...(ssrPath === undefined ? {} : { ssrPath, ssrSearch: ssrSearch ?? '' })}>
        <InspectorProvider inspect={inspect}>
          <SessionProvider handle={session}>
            <AppProviders queryClient={queryClient} theme={theme}>
              <App />
            </AppProviders>
          </SessionProvider>
        </InspectorProvider>
      </Router>
    </StrictMode>
  );
}
