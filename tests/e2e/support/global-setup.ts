import { ensureBuild } from './build';

/** Once per run, before any worker starts: dist/ is built when missing or stale. */
// eslint-disable-next-line no-restricted-syntax -- Playwright runs globalSetup's default export
export default function globalSetup(): void {
  ensureBuild();
}
