import { describe, expect, it } from 'vitest';
import { signToken } from '../src/auth';
import { sampleAddress } from '../../tests/fixtures/checkout';
import { DEMO, login, orderBody, signup, testServerForSuite, type Schemas } from './test-server';

const server = testServerForSuite();

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe('sign-in and sign-up', () => {
  it('logs the demo user in; rememberMe chooses 30 days or 1 day', async () => {
    const long = await server.api<{ token: string }>('POST', '/auth/login', {
      body: { loginInput: DEMO.email, password: DEMO.password, rememberMe: true },
    });
    const claims = claimsOf(long.body.token);
    expect(claims).toMatchObject({
      sub: 'demo@lumen.test',
      username: 'demo-shopper',
      uid: 1,
      ver: 0,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(30 * 24 * 3600);
    const short = await server.api<{ token: string }>('POST', '/auth/login', {
      body: { loginInput: 'DEMO@lumen.test', password: DEMO.password },
    });
    const shortClaims = claimsOf(short.body.token);
    expect(Number(shortClaims.exp) - Number(shortClaims.iat)).toBe(24 * 3600);
  });

  it('refuses wrong credentials with one message, and validates the form', async () => {
    for (const body of [
      { loginInput: DEMO.email, password: 'wrong-password' },
      { loginInput: 'nobody@lumen.test', password: 'whatever' },
    ]) {
      const res = await server.api('POST', '/auth/login', { body });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
        fields: { password: 'Invalid email or password' },
      });
    }
    const invalid = await server.api('POST', '/auth/login', {
      body: { loginInput: 'ab', password: '123' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Request validation failed',
      fields: {
        loginInput: 'Must be at least 3 characters',
        password: 'Must be at least 6 character',
      },
    });
  });

  it('signs up with a token (201) and refuses a taken email', async () => {
    const res = await server.api<{ token: string }>('POST', '/auth/signup', {
      body: { username: 'new-shopper', email: 'new@lumen.test', password: 'secret123' },
    });
    expect(res.status).toBe(201);
    expect(claimsOf(res.body.token)).toMatchObject({
      sub: 'new@lumen.test',
      username: 'new-shopper',
    });
    const again = await server.api('POST', '/auth/signup', {
      body: { username: 'other-shopper', email: 'NEW@lumen.test', password: 'secret123' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: 'An account with this email already exists' },
    });
    const invalid = await server.api('POST', '/auth/signup', {
      body: { username: 'short', email: 'not-an-email', password: 'secret123' },
    });
    expect(invalid.body).toMatchObject({
      fields: { username: 'Must be at least 6 characters', email: 'Invalid email' },
    });
    const missing = await server.api('POST', '/auth/signup', { body: {} });
    expect(missing.body).toMatchObject({
      fields: {
        username: 'Username is required',
        email: 'Email is required',
        password: 'Password is required',
      },
    });
  });

  it('a password change answers a new token and retires the old ones', async () => {
    const { api } = server;
    const user = await signup(api);
    const wrong = await api('PATCH', '/auth/password', {
      token: user.token,
      body: { currentPassword: 'nope', newPassword: 'better123' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      fields: { currentPassword: 'Current password is incorrect' },
    });
    const changed = await api<{ token: string }>('PATCH', '/auth/password', {
      token: user.token,
      body: { currentPassword: 'secret123', newPassword: 'better123' },
    });
    expect(changed.status).toBe(200);
    expect(claimsOf(changed.body.token).ver).toBe(1);
    expect((await api('GET', '/account/user', { token: user.token })).status).toBe(401);
    expect((await api('GET', '/account/user', { token: changed.body.token })).status).toBe(200);
    expect(
      (
        await api('POST', '/auth/login', {
          body: { loginInput: user.email, password: 'secret123' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api('POST', '/auth/login', {
          body: { loginInput: user.email, password: 'better123' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('tokens on identity operations', () => {
  it('answers 401 for missing, garbage, badly signed, expired and revoked tokens', async () => {
    const { api } = server;
    const now = new Date();
    const claims = { sub: DEMO.email, username: 'demo-shopper', uid: 1, ver: 0 };
    const tokens = [
      undefined,
      'garbage',
      'a.b.c',
      signToken(claims, 'some-other-secret-that-is-long-enough-0000', now),
      signToken(
        claims,
        server.config.jwtSecret,
        new Date(now.getTime() - 3 * 24 * 3600 * 1000),
        3600,
      ),
      signToken({ ...claims, ver: 7 }, server.config.jwtSecret, now),
      signToken({ ...claims, uid: 9999 }, server.config.jwtSecret, now),
    ];
    for (const token of tokens) {
      const res = await api('GET', '/account/user', token ? { token } : {});
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Your session has expired. Please sign in again.',
      });
    }
    const basic = await api('GET', '/account/user', {
      headers: { Authorization: 'Basic Zm9vOmJhcg==' },
    });
    expect(basic.status).toBe(401);
    expect(
      (
        await api('GET', '/account/user', {
          token: signToken(claims, server.config.jwtSecret, now),
        })
      ).status,
    ).toBe(200);
  });
});

describe('account', () => {
  it('reads and updates the user, answering a fresh token', async () => {
    const { api } = server;
    const user = await signup(api);
    const me = await api<Schemas['User']>('GET', '/account/user', { token: user.token });
    expect(me.body).toMatchObject({ email: user.email, phone: null });
    const updated = await api<Schemas['UserUpdate']>('PATCH', '/account/user', {
      token: user.token,
      // A new email takes the current password (issue 15; sessions.api.test.ts).
      body: {
        username: 'renamed-shopper',
        email: `renamed-${user.email}`,
        phone: '4165550000',
        currentPassword: 'secret123',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.user).toMatchObject({
      username: 'renamed-shopper',
      email: `renamed-${user.email}`,
      phone: '4165550000',
    });
    expect(claimsOf(updated.body.token)).toMatchObject({
      sub: `renamed-${user.email}`,
      username: 'renamed-shopper',
    });
    expect(claimsOf(updated.body.token).exp).toBe(claimsOf(user.token).exp);
    const taken = await api('PATCH', '/account/user', {
      token: updated.body.token,
      body: { email: DEMO.email, currentPassword: 'secret123' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: 'An account with this email already exists' },
    });
    const badPhone = await api('PATCH', '/account/user', {
      token: updated.body.token,
      body: { phone: '12ab' },
    });
    expect(badPhone.body).toMatchObject({
      fields: { phone: 'Phone must be numbers only, at least 10 digits' },
    });
    const empty = await api('PATCH', '/account/user', { token: updated.body.token, body: {} });
    expect(empty.status).toBe(400);
  });

  it('demo user has a default address and its phone', async () => {
    const token = await login(server.api);
    const addresses = await server.api<Schemas['Address'][]>('GET', '/account/address', { token });
    expect(addresses.body).toHaveLength(1);
    expect(addresses.body[0]).toMatchObject({ isDefault: true, city: 'Toronto', country: 'CA' });
    const me = await server.api<Schemas['User']>('GET', '/account/user', { token });
    expect(me.body.phone).toBe('4165550123');
  });

  it('keeps exactly one default address through create, update, set-default and delete', async () => {
    const { api } = server;
    const { token } = await signup(api);
    const defaults = async () =>
      (await api<Schemas['Address'][]>('GET', '/account/address', { token })).body
        .filter((a) => a.isDefault)
        .map((a) => a.addressId);

    const first = await api<Schemas['Address']>('POST', '/account/address', {
      token,
      body: { ...sampleAddress, isDefault: false },
    });
    expect(first.status).toBe(201);
    expect(first.body.isDefault).toBe(true);
    const second = await api<Schemas['Address']>('POST', '/account/address', {
      token,
      body: { ...sampleAddress, street: '2 Second Street' },
    });
    expect(second.body.isDefault).toBe(false);
    const third = await api<Schemas['Address']>('POST', '/account/address', {
      token,
      body: { ...sampleAddress, street: '3 Third Street', isDefault: true },
    });
    expect(await defaults()).toEqual([third.body.addressId]);

    const list = await api<Schemas['Address'][]>(
      'PATCH',
      `/account/address/${second.body.addressId}/default`,
      { token },
    );
    expect(list.body[0]?.addressId).toBe(second.body.addressId);
    expect(await defaults()).toEqual([second.body.addressId]);

    const put = await api<Schemas['Address']>('PUT', `/account/address/${second.body.addressId}`, {
      token,
      body: { ...sampleAddress, city: 'Ottawa', isDefault: false },
    });
    expect(put.body).toMatchObject({ city: 'Ottawa', isDefault: true });

    expect(
      (await api('DELETE', `/account/address/${second.body.addressId}`, { token })).status,
    ).toBe(204);
    expect(await defaults()).toEqual([first.body.addressId]);

    const other = await signup(api);
    expect(
      (await api('DELETE', `/account/address/${first.body.addressId}`, { token: other.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await api('PUT', `/account/address/${first.body.addressId}`, {
          token: other.token,
          body: sampleAddress,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api('PATCH', `/account/address/${first.body.addressId}/default`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);

    const invalid = await api('POST', '/account/address', {
      token,
      body: { ...sampleAddress, country: 'Canada', phoneNumber: '12-34', postalCode: '' },
    });
    expect(invalid.body).toMatchObject({
      fields: {
        country: 'Country is require',
        phoneNumber: 'Phone must be numbers only',
        postalCode: 'Postal Code is required',
      },
    });
  });

  it('lists orders with status and search filters', async () => {
    const { api } = server;
    const { token } = await signup(api);
    const body = (productId: number, method: string) =>
      orderBody([{ productId, quantity: 1 }], { email: 'x@lumen.test', paymentMethod: method });
    const a = await api<Schemas['OrderResponse']>('POST', '/order', {
      token,
      body: body(17, 'cod'),
    });
    const b = await api<Schemas['OrderResponse']>('POST', '/order', {
      token,
      body: body(18, 'card'),
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    const all = await api<Schemas['AccountOrder'][]>('GET', '/account/orders', { token });
    expect(all.body.map((o) => o.orderId).sort()).toEqual([a.body.orderId, b.body.orderId].sort());
    expect((await api<unknown[]>('GET', '/account/orders?status=PAID', { token })).body).toEqual(
      [],
    );
    expect(
      (await api<unknown[]>('GET', '/account/orders?status=CANCELED', { token })).body,
    ).toEqual([]);
    const cake = await api<Schemas['AccountOrder'][]>('GET', '/account/orders?search=BANANA', {
      token,
    });
    expect(cake.body.map((o) => o.orderId)).toEqual([b.body.orderId]);
    const byId = await api<Schemas['AccountOrder'][]>(
      'GET',
      `/account/orders?search=%23${a.body.orderId}`,
      { token },
    );
    expect(byId.body.map((o) => o.orderId)).toEqual([a.body.orderId]);
    expect((await api('GET', '/account/orders?status=LOST', { token })).status).toBe(400);
  });
});
