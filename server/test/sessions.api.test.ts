// Issue 15: sessions end on the server. Each test failed on the code before its fix.
import { describe, expect, it } from 'vitest';
import { login, signup, startTestServer, testServerForSuite, type Schemas } from './test-server';

const PASSWORD = 'secret123';

describe('sessions end on the server', { timeout: 30_000 }, () => {
  const server = testServerForSuite();

  it('POST /auth/logout revokes that token, and only that one', async () => {
    const { email, token } = await signup(server.api);
    const other = await login(server.api, email, PASSWORD);
    expect((await server.api('GET', '/account/user', { token })).status).toBe(200);
    const out = await server.api('POST', '/auth/logout', { token });
    expect(out.status).toBe(204);
    const after = await server.api('GET', '/account/user', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await server.api('POST', '/auth/logout', { token })).status).toBe(401);
    // the account's other session goes on
    expect((await server.api('GET', '/account/user', { token: other })).status).toBe(200);
  });

  it('changing the email asks for the current password and ends the other sessions', async () => {
    const { email, token } = await signup(server.api);
    const elsewhere = await login(server.api, email, PASSWORD);
    const newEmail = `moved-${email}`;
    const without = await server.api('PATCH', '/account/user', {
      token,
      body: { email: newEmail },
    });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({
      fields: { currentPassword: 'Enter your current password to change your email' },
    });
    const wrong = await server.api('PATCH', '/account/user', {
      token,
      body: { email: newEmail, currentPassword: 'not-it' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      fields: { currentPassword: 'Current password is incorrect' },
    });
    const right = await server.api<Schemas['UserUpdate']>('PATCH', '/account/user', {
      token,
      body: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe(newEmail);
    expect((await server.api('GET', '/account/user', { token: elsewhere })).status).toBe(401);
    expect((await server.api('GET', '/account/user', { token: right.body.token })).status).toBe(
      200,
    );
    // a name change alone needs no password and keeps the sessions
    const again = await login(server.api, newEmail, PASSWORD);
    const renamed = await server.api('PATCH', '/account/user', {
      token: right.body.token,
      body: { username: 'renamed-shopper' },
    });
    expect(renamed.status).toBe(200);
    expect((await server.api('GET', '/account/user', { token: again })).status).toBe(200);
  });

  it('of parallel password changes one wins and the others answer 409', async () => {
    // A hash slow enough that all five are signed-in checks at once, as in the probe.
    const slow = await startTestServer({ passwordHashParams: { N: 2 ** 14, r: 8, p: 1 } });
    try {
      const { token } = await signup(slow.api);
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          slow.api('PATCH', '/auth/password', {
            token,
            body: { currentPassword: PASSWORD, newPassword: `parallel-${i}` },
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // The losers: 409, or 401 for one whose token the winner had already retired.
      expect(statuses.filter((s) => s !== 200 && s !== 409 && s !== 401)).toEqual([]);
      const loser = answers.find((a) => a.status === 409);
      expect(loser?.body).toMatchObject({ code: 'PASSWORD_CHANGE_CONFLICT' });
      expect(slow.errors).toEqual([]);
    } finally {
      await slow.dispose();
    }
  });
});
