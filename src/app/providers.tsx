import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { CartFlowProvider } from '../cart/cart-flow';
import { useToasterWanted } from '../ui/toaster-signal';
import { ThemeStoreContext, type ThemeStore } from './theme';

const AppToaster = lazy(() =>
  import('./toaster').then((module) => ({ default: module.AppToaster })),
);

export type AppProvidersProps = {
  queryClient: QueryClient;
  theme: ThemeStore;
  children: ReactNode;
};

export function AppProviders({ queryClient, theme, children }: AppProvidersProps) {
  const toasterWanted = useToasterWanted();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeStoreContext.Provider value={theme}>
        <CartFlowProvider>{children}</CartFlowProvider>
        {toasterWanted && (
          // Nothing to show while it loads: toasts raised meanwhile wait in react-hot-toast's
          // store and appear, with their full duration, once it is there.
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        )}
      </ThemeStoreContext.Provider>
    </QueryClientProvider>
  );
}
