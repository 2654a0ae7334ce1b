import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const distDir = fileURLToPath(new URL('../../../dist/', import.meta.url));
