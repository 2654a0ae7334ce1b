import { createContext, useContext, type ReactNode } from 'react';
import type { InspectionEvent, Observer } from 'xstate';

/**
 * The Stately inspector's observer (dev only, see src/app/inspect.ts), for the actors features
 * create themselves (menu, checkout, payment, cart lines). Undefined in production and in tests,
 * so passing it on costs nothing there.
 */
const InspectorContext = createContext<Observer<InspectionEvent> | undefined>(undefined);

export function InspectorProvider({
  inspect,
  children,
}: {
  inspect: Observer<InspectionEvent> | undefined;
  children: ReactNode;
}) {
  return <InspectorContext.Provider value={inspect}>{children}</InspectorContext.Provider>;
}

export function useInspector(): Observer<InspectionEvent> | undefined {
  return useContext(InspectorContext);
}
