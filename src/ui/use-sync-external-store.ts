// What wouter imports as "use-sync-external-store/shim/index.js" (it still supports React 17):
// React 18 and later have the hook built in, so the shim's fallback was dead code in the first
// visit's chunk, about 290 bytes gzip. vite.config.ts aliases that one import here. The CommonJS
// require of the shim by @xstate/react's with-selector helper is left as it is: resolving it to
// an ES module costs more runtime glue than it saves, and that helper loads only with a machine.
export { useSyncExternalStore } from 'react';
