// `npm run db:reset`: drops every table of DB_FILE (or of DATABASE_URL's PostgreSQL database,
// ADR-0066) and seeds the catalogue again.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_DB_FILE, openDb } from './db';
import { reseed } from './seed';

export async function resetDatabase(
  file: string = DEFAULT_DB_FILE,
  now: Date = new Date(),
  url: string | null = null,
): Promise<void> {
  const db = await openDb({ file, url });
  try {
    await reseed(db, now);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const file = process.env.DB_FILE ?? DEFAULT_DB_FILE;
  const url = process.env.DATABASE_URL || null;
  resetDatabase(file, new Date(), url).then(
    () => console.log(`Database re-seeded: ${url ? new URL(url).host : resolve(file)}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
