// The reference API as the benches run it: a child process in production mode on a free port,
// with its own database file. Resolves once the server prints the address it is ready at.
import { spawn, type ChildProcess } from 'node:child_process';

export async function startBenchServer(options: {
  /** The checkout whose server/src/main.ts runs. */
  cwd: string;
  dbFile: string;
  /** Extra environment, over the bench defaults. */
  env?: Record<string, string>;
}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DB_FILE: options.dbFile,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready at (http:\/\/[^\s/]+)/.exec(out);
      if (match?.[1]) resolveUrl(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${String(code)}): ${out}`)));
  });
  return { url, child };
}
