// Issue 15: stored text is never silently altered. Each test failed on the code before its fix.
import { describe, expect, it } from 'vitest';
import { signup, testServerForSuite, type Schemas } from './test-server';

describe('stored text', { timeout: 30_000 }, () => {
  const server = testServerForSuite();

  it('refuses a NUL (or any control character) with a 400 and a field message', async () => {
    const email = `nul-${Date.now()}@lumen.test`;
    const res = await server.api('POST', '/auth/signup', {
      body: { username: 'Ada\u0000xyz', email, password: 'secret123' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { username: 'Must not contain control characters' },
    });
    const bell = await server.api('POST', '/auth/signup', {
      body: { username: 'Ada\u0007Lovelace', email, password: 'secret123' },
    });
    expect(bell.status).toBe(400);
    // nothing was stored
    expect(
      await server.db.get('SELECT id FROM users WHERE email = ? COLLATE NOCASE', [email]),
    ).toBeUndefined();
  });

  it('refuses unpaired surrogates with a field message', async () => {
    const { token } = await signup(server.api);
    const res = await server.api('POST', '/account/address', {
      token,
      rawBody: `{"name":"Lone \\ud800 surrogate","country":"CA","province":"Ontario","city":"Toronto","postalCode":"M5V 2T6","street":"12 King Street West","phoneNumber":"4165550123","isDefault":true}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fields: { name: 'Must not contain unpaired surrogate characters' },
    });
    const list = await server.api<Schemas['Address'][]>('GET', '/account/address', { token });
    expect(list.body).toEqual([]);
  });

  it('refuses a body that is not valid UTF-8 instead of replacing bytes with U+FFFD', async () => {
    const body = Buffer.concat([
      Buffer.from('{"username":"Ada'),
      Buffer.from([0xed, 0xa0, 0x80]), // an encoded surrogate: not UTF-8
      Buffer.from(`","email":"bytes-${Date.now()}@lumen.test","password":"secret123"}`),
    ]);
    const res = await fetch(`${server.url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { body: 'Not valid UTF-8' },
    });
  });

  it('keeps ordinary whitespace and every other character exactly', async () => {
    const { token } = await signup(server.api);
    const name = 'Zoë\tO’Brien 😀 山田';
    const res = await server.api<Schemas['Address']>('POST', '/account/address', {
      token,
      body: {
        name,
        country: 'CA',
        province: 'Ontario',
        city: 'Toronto',
        postalCode: 'M5V 2T6',
        street: '12 King Street West',
        phoneNumber: '4165550123',
        isDefault: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(name);
  });
});
