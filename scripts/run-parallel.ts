// Runs npm scripts side by side, keeps each one's output and prints it whole when that script
// ends (never interleaved), then a line per script with its time; fails when any failed.
// Usage: tsx scripts/run-parallel.ts gen:check lint:api typecheck lint format:check knip
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/run-parallel.ts <npm script>...');
  process.exit(2);
}

type Outcome = { script: string; code: number; seconds: number };

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const outcome = {
        script,
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
      };
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(
        `\n── ${script} (${outcome.code === 0 ? 'ok' : `failed, exit ${outcome.code}`}, ` +
          `${outcome.seconds.toFixed(1)} s)\n${text ? `${text}\n` : ''}`,
      );
      resolve(outcome);
    });
  });
}

const started = Date.now();
const outcomes = await Promise.all(scripts.map(run));
const failed = outcomes.filter((outcome) => outcome.code !== 0);
console.log(
  `\nrun-parallel: ${outcomes
    .map((o) => `${o.script} ${o.code === 0 ? 'ok' : 'FAILED'} ${o.seconds.toFixed(1)} s`)
    .join(', ')}; ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
);
if (failed.length > 0) {
  console.error(`run-parallel: failed: ${failed.map((o) => o.script).join(', ')}`);
  process.exit(1);
}
