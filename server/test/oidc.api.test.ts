// OpenID Connect sign-in (issue 15): the API as a relying party against the local provider
// (oidc-provider), driven as a browser would: redirects followed by hand, cookies kept per jar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLocalProvider,
  type DemoIdentity,
  type LocalProvider,
} from '../src/local-oidc/provider';
import { demoProviderFromEnv, oidcFromEnv, oidcRedirectUris } from '../src/main';
import { Browser, type Answer } from './browser';
import { DEMO, startTestServer, type TestServer } from './test-server';

const CLIENT_ID = 'lumen-storefront';
const CLIENT_SECRET = 'a-test-client-secret-of-enough-length';
const DEV_CALLBACK = 'http://localhost:5173/auth/callback';

let provider: LocalProvider;
let server: TestServer;
let identities: DemoIdentity[];

function identity(id: string, email: string, emailVerified = true, name = 'Test Person') {
  return { id, email, emailVerified, name };
}

beforeAll(async () => {
  identities = [
    identity('sub-new', 'new.person@idp.test', true, 'New Person'),
    identity('sub-demo', DEMO.email),
    identity('sub-unverified', 'unverified@idp.test', false),
    identity('sub-shared-1', 'shared@idp.test'),
    identity('sub-shared-2', 'shared@idp.test'),
    identity('sub-mover', 'mover@idp.test'),
    identity('sub-lock', DEMO.email),
    identity('sub-pkce', 'pkce@idp.test'),
    identity('sub-signup', 'signup-later@idp.test'),
    identity('sub-throttled', 'throttled@lumen.test'),
    identity('sub-burst', 'burst@lumen.test'),
  ];
  let config: TestServer['config'] | null = null;
  provider = await startLocalProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: () => (config ? oidcRedirectUris(config) : []),
    identities,
  });
  server = await startTestServer({
    oidc: { issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
  });
  config = server.config;
});

afterAll(async () => {
  await server.dispose();
  await provider.close();
});

const isShop = (next: string) => next.startsWith(server.url) && !next.includes('/api/v1/');

/** From the shop's start endpoint to the provider's page (the interaction). */
async function toProviderPage(browser: Browser, at = server): Promise<Answer> {
  const page = await browser.follow(`${at.url}/api/v1/auth/oidc/authorize`, () => false);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Sign in with Lumen ID');
  return page;
}

/** Chooses an identity on the provider's page; stops at our callback (not requested yet). */
async function chooseIdentity(browser: Browser, page: Answer, id: string): Promise<string> {
  const answer = await browser.request(`${page.url}/login`, { form: { identity: id } });
  let next = answer.location;
  for (let hops = 0; next && !next.includes('/api/v1/auth/oidc/callback') && hops < 5; hops += 1) {
    next = (await browser.request(next)).location;
  }
  if (!next) throw new Error('the provider did not come back to the shop');
  return next;
}

/** The whole sign-in as one browser: start, choose, come back. */
async function signIn(browser: Browser, id: string, at = server): Promise<Answer> {
  const page = await toProviderPage(browser, at);
  const back = await chooseIdentity(browser, page, id);
  return browser.request(back);
}

function tokenOf(answer: Answer, at = server): string | null {
  if (answer.status !== 302 || !answer.location) return null;
  const target = new URL(answer.location);
  const back = `${at.url}/auth/callback`;
  return target.origin + target.pathname === back ? target.searchParams.get('token') : null;
}

async function userOf(token: string, at = server) {
  const res = await at.api<{ userId: number; email: string; username: string }>(
    'GET',
    '/account/user',
    { token },
  );
  expect(res.status).toBe(200);
  return res.body;
}

function linkValue(page: Answer): string {
  const value = /name="link" value="([^"]+)"/.exec(page.text)?.[1];
  if (!value) throw new Error(`no linking form in: ${page.text.slice(0, 200)}`);
  return value;
}

describe('configuration', () => {
  it('needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together', () => {
    expect(oidcFromEnv({})).toBeNull();
    expect(() => oidcFromEnv({ OIDC_ISSUER: 'https://id.example' })).toThrow(/together/);
    expect(
      oidcFromEnv({
        OIDC_ISSUER: 'https://id.example',
        OIDC_CLIENT_ID: 'shop',
        OIDC_CLIENT_SECRET: 's',
      }),
    ).toMatchObject({ issuer: 'https://id.example', clientId: 'shop', clientSecret: 's' });
  });

  it('runs the demo provider in production only when asked (issue 28)', () => {
    const port = { LOCAL_OIDC_PORT: '8081' };
    expect(demoProviderFromEnv({ ...port, NODE_ENV: 'production' }, false)).toBe('refused');
    expect(
      demoProviderFromEnv({ ...port, NODE_ENV: 'production', DEMO_IDENTITY_PROVIDER: '1' }, false),
    ).toBe('on');
    expect(demoProviderFromEnv({ ...port }, false)).toBe('on');
    expect(demoProviderFromEnv({ ...port, DEMO_IDENTITY_PROVIDER: '0' }, false)).toBe('off');
    expect(demoProviderFromEnv({ ...port, DEMO_IDENTITY_PROVIDER: '1' }, true)).toBe('off');
    expect(
      demoProviderFromEnv({ NODE_ENV: 'production', DEMO_IDENTITY_PROVIDER: '1' }, false),
    ).toBe('off');
  });

  it('without a provider: none listed, no flow, and the simulator is gone', async () => {
    const plain = await startTestServer();
    try {
      const providers = await plain.api('GET', '/auth/providers');
      expect(providers.status).toBe(200);
      expect(providers.body).toEqual({ providers: [] });
      expect((await plain.api('GET', '/auth/oidc/authorize')).status).toBe(404);
      const entry = await fetch(`${plain.url}/oauth2/authorization/google`, { redirect: 'manual' });
      expect(entry.status).not.toBe(302);
      for (const path of ['/api/v1/auth/idp/authorize?returnTo=x', '/api/v1/auth/idp/consent'])
        expect((await fetch(`${plain.url}${path}`, { redirect: 'manual' })).status).toBe(404);
      expect(plain.violations).toEqual([]);
    } finally {
      await plain.dispose();
    }
  });

  it('with a provider: it is listed, and the spec entry path starts the same flow', async () => {
    const providers = await server.api('GET', '/auth/providers');
    expect(providers.body).toEqual({ providers: [{ id: 'oidc', name: 'Lumen ID' }] });
    const entry = await new Browser().request(`${server.url}/oauth2/authorization/google`);
    expect(entry.status).toBe(302);
    expect(entry.location).toBe(`${server.url}/api/v1/auth/oidc/authorize`);
  });
});

describe('the authorization request', () => {
  it('carries PKCE (S256), state and nonce, and sets the HttpOnly flow cookie', async () => {
    const answer = await new Browser().request(`${server.url}/api/v1/auth/oidc/authorize`);
    expect(answer.status).toBe(302);
    const to = new URL(answer.location ?? '');
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(to.searchParams.get('redirect_uri')).toBe(`${server.url}/api/v1/auth/oidc/callback`);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(to.searchParams.get('scope')).toBe('openid email profile');
    expect(answer.cookies).toEqual([
      expect.stringMatching(
        /^lumen_oidc=[A-Za-z0-9_-]{43}; Path=\/api\/v1\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/,
      ),
    ]);
    const stored = await server.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM oidc_flows WHERE state_hash = ?',
      [to.searchParams.get('state') ?? ''],
    );
    expect(stored?.n).toBe(0); // stored hashed, never as sent
  });

  const start = (target: TestServer, returnTo: string) =>
    target.api('GET', `/auth/oidc/authorize?returnTo=${encodeURIComponent(returnTo)}`);

  it('returns only to a configured callback address, exactly', async () => {
    for (const returnTo of [
      'https://evil.example/auth/callback',
      `${DEV_CALLBACK}?from=idp`,
      `${DEV_CALLBACK}/`,
      `${DEV_CALLBACK}#x`,
      'http://localhost:5173/account',
      'http://localhost:5173/evil/auth/callback',
      'http://localhost:5174/auth/callback',
      'http://user:pw@localhost:5173/auth/callback',
      'javascript:alert(1)',
    ]) {
      const res = await start(server, returnTo);
      expect(res.status, returnTo).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { returnTo: expect.any(String) },
      });
    }
    expect((await start(server, `${server.url}/auth/callback`)).status).toBe(302);
    expect((await start(server, DEV_CALLBACK)).status).toBe(302);
  });

  it('allows the development origins only in development', async () => {
    const production = await startTestServer({
      development: false,
      idpCallbackUrls: ['https://shop.example/auth/callback'],
      oidc: { issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    });
    try {
      expect((await start(production, DEV_CALLBACK)).status).toBe(400);
      expect((await start(production, 'https://shop.example/auth/callback')).status).toBe(302);
      expect((await start(production, `${production.url}/auth/callback`)).status).toBe(302);
    } finally {
      await production.dispose();
    }
  });
});

describe('the callback', () => {
  it('signs a new shopper in, keyed by issuer and subject, and again into the same account', async () => {
    const browser = new Browser();
    const first = await signIn(browser, 'sub-new');
    const token = tokenOf(first);
    expect(token).toBeTruthy();
    const user = await userOf(token ?? '');
    expect(user).toMatchObject({ email: 'new.person@idp.test', username: 'New Person' });
    expect(
      await server.db.get('SELECT user_id FROM user_identities WHERE issuer = ? AND subject = ?', [
        provider.issuer,
        'sub-new',
      ]),
    ).toEqual({ user_id: user.userId });

    const again = tokenOf(await signIn(new Browser(), 'sub-new'));
    expect((await userOf(again ?? '')).userId).toBe(user.userId);
    // An account made from a provider has no password to sign in with.
    const password = await server.api('POST', '/auth/login', {
      body: { loginInput: 'new.person@idp.test', password: 'anything' },
    });
    expect(password.status).toBe(401);
  });

  it('follows the subject, not the email: a changed email still opens the same account', async () => {
    const first = tokenOf(await signIn(new Browser(), 'sub-mover'));
    const before = await userOf(first ?? '');
    const mover = identities.find((i) => i.id === 'sub-mover');
    if (mover) mover.email = 'moved@idp.test';
    const second = tokenOf(await signIn(new Browser(), 'sub-mover'));
    expect((await userOf(second ?? '')).userId).toBe(before.userId);
  });

  it('never signs another subject into an account by its email', async () => {
    const owner = tokenOf(await signIn(new Browser(), 'sub-shared-1'));
    expect(owner).toBeTruthy();
    const other = await signIn(new Browser(), 'sub-shared-2');
    expect(tokenOf(other)).toBeNull();
    expect(other.status).toBe(409);
    expect(other.text).toContain('already belongs to an account that signs in another way');
  });

  it('opens nothing for an email the provider has not verified', async () => {
    const answer = await signIn(new Browser(), 'sub-unverified');
    expect(tokenOf(answer)).toBeNull();
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('has not confirmed your email address');
    expect(
      await server.db.get('SELECT id FROM users WHERE email = ?', ['unverified@idp.test']),
    ).toBe(undefined);
  });

  it('refuses a forged state, a state from another browser, and a replay', async () => {
    const browser = new Browser();
    const page = await toProviderPage(browser);
    const back = await chooseIdentity(browser, page, 'sub-new');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value-0123456789');
    const refused = await browser.request(forged.toString());
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('This sign-in has expired or was started in another browser');
    expect(tokenOf(refused)).toBeNull();

    // Another browser, with a flow cookie of its own (an attacker's login-CSRF link).
    const other = new Browser();
    await other.request(`${server.url}/api/v1/auth/oidc/authorize`);
    const elsewhere = await other.request(back);
    expect(elsewhere.status).toBe(400);
    expect(tokenOf(elsewhere)).toBeNull();

    // The real answer in the browser that started it still works, once.
    expect(tokenOf(await browser.request(back))).toBeTruthy();
    const replay = await browser.request(back);
    expect(replay.status).toBe(400);
    expect(tokenOf(replay)).toBeNull();
  });

  it('refuses the code when the PKCE verifier does not match (the provider checks it)', async () => {
    const browser = new Browser();
    const page = await toProviderPage(browser);
    const back = await chooseIdentity(browser, page, 'sub-pkce');
    await server.db.run("UPDATE oidc_flows SET code_verifier = 'x' || code_verifier");
    const answer = await browser.request(back);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('did not complete the sign-in');
    expect(tokenOf(answer)).toBeNull();
  });

  it('refuses an ID token whose nonce is not the one this flow sent', async () => {
    const browser = new Browser();
    const page = await toProviderPage(browser);
    const back = await chooseIdentity(browser, page, 'sub-pkce');
    await server.db.run("UPDATE oidc_flows SET nonce = 'another-nonce-0123456789'");
    const answer = await browser.request(back);
    expect(answer.status).toBe(400);
    expect(tokenOf(answer)).toBeNull();
  });

  it('goes back to the shop sign-in when the shopper cancels at the provider', async () => {
    const browser = new Browser();
    const page = await toProviderPage(browser);
    expect(page.text).toContain('Cancel and go back to Lumen Roastery');
    // The page is the shop's: its name beside its mark, in its colours (light and dark accent).
    expect(page.text).toMatch(/<p class="brand"><svg class="brand-mark"[^>]*aria-hidden="true"/);
    expect(page.text).toContain('</svg>Lumen Roastery</p>');
    expect(page.text).toContain('--brand: #854b22;');
    expect(page.text).toContain('--brand: #e0a06a;');
    const cancelled = await browser.request(`${page.url}/abort`, { form: {} });
    const end = await browser.follow(cancelled.location ?? '', isShop);
    expect(end.location).toBe(`${server.url}/sign-in`);
  });

  it('leaves an email a provider account took to that account: sign-up says it exists', async () => {
    expect(tokenOf(await signIn(new Browser(), 'sub-signup'))).toBeTruthy();
    const res = await server.api('POST', '/auth/signup', {
      body: { username: 'late-shopper', email: 'signup-later@idp.test', password: 'secret123' },
    });
    expect(res.text).toContain('An account with this email already exists');
    expect(res.status).toBe(409);
  });
});

describe('linking to a password account', () => {
  it('needs that account’s password once, then signs in directly', async () => {
    const browser = new Browser();
    const page = await signIn(browser, 'sub-demo');
    expect(page.status).toBe(200);
    expect(tokenOf(page)).toBeNull();
    expect(page.text).toContain('Link your account');
    expect(page.text).not.toMatch(/<script/);
    expect(page.cookies).toEqual([]);
    expect(page.csp).toContain("default-src 'none'");
    expect(page.csp).toContain("frame-ancestors 'none'");
    const link = linkValue(page);

    const linkUrl = `${server.url}/api/v1/auth/oidc/link`;
    // Another browser cannot use this page's value, even with the password.
    const stolen = await new Browser().request(linkUrl, {
      form: { link, password: DEMO.password },
    });
    expect(stolen.status).toBe(400);
    expect(tokenOf(stolen)).toBeNull();

    const wrong = await browser.request(linkUrl, { form: { link, password: 'not-it' } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('That password is not right.');
    expect(tokenOf(wrong)).toBeNull();

    const right = await browser.request(linkUrl, { form: { link, password: DEMO.password } });
    const token = tokenOf(right);
    expect(token).toBeTruthy();
    expect((await userOf(token ?? '')).email).toBe(DEMO.email);

    // The page is used up, and the identity now signs straight in.
    expect(
      (await browser.request(linkUrl, { form: { link, password: DEMO.password } })).status,
    ).toBe(400);
    const direct = tokenOf(await signIn(new Browser(), 'sub-demo'));
    expect((await userOf(direct ?? '')).email).toBe(DEMO.email);
  });

  it('drops the link after five wrong passwords', async () => {
    const browser = new Browser();
    const link = linkValue(await signIn(browser, 'sub-lock'));
    const linkUrl = `${server.url}/api/v1/auth/oidc/link`;
    const tries: Answer[] = [];
    for (let i = 0; i < 6; i += 1)
      tries.push(await browser.request(linkUrl, { form: { link, password: `guess-${i}` } }));
    expect(tries.map((t) => t.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(tries[4]?.text).toContain('Too many wrong passwords');
    expect(tries[5]?.text).toContain('This sign-in has expired');
    const after = await browser.request(linkUrl, { form: { link, password: DEMO.password } });
    expect(after.status).toBe(400);
    expect(tokenOf(after)).toBeNull();
  });
});

/** A password account with `email`, made by signing up (the throttle tests' own accounts). */
async function passwordAccount(email: string): Promise<void> {
  const res = await server.api('POST', '/auth/signup', {
    body: { username: `${email.split('@')[0] ?? ''}-shopper`, email, password: 'secret123' },
  });
  expect(res.status).toBe(201);
}

describe('linking checks passwords like sign-in (issue 28)', { timeout: 60_000 }, () => {
  const linkUrl = () => `${server.url}/api/v1/auth/oidc/link`;

  it('guesses over many flows meet the sign-in throttle, which then holds sign-in too', async () => {
    await passwordAccount('throttled@lumen.test');
    const statuses: number[] = [];
    // Six flows of five guesses each: 30 guesses, as the probe made.
    for (let flow = 0; flow < 6; flow += 1) {
      const browser = new Browser();
      const link = linkValue(await signIn(browser, 'sub-throttled'));
      for (let i = 0; i < 5; i += 1) {
        const answer = await browser.request(linkUrl(), {
          form: { link, password: `guess-${flow}-${i}` },
        });
        statuses.push(answer.status);
        if (answer.status === 429) {
          expect(answer.text).toMatch(/Too many sign-in attempts\. Please try again in \d+/);
          expect(answer.text).toContain('Link your account');
        }
      }
    }
    // The account from this address has 5 failures before it waits: the rest are not checked.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    // The right password on a new flow waits as well, and so does sign-in: one throttle.
    const browser = new Browser();
    const link = linkValue(await signIn(browser, 'sub-throttled'));
    const right = await browser.request(linkUrl(), { form: { link, password: 'secret123' } });
    expect(right.status).toBe(429);
    expect(tokenOf(right)).toBeNull();
    const login = await server.api('POST', '/auth/login', {
      body: { loginInput: 'throttled@lumen.test', password: 'secret123' },
    });
    expect(login.status).toBe(429);
  });

  it('32 link posts at once are mostly refused, not all hashed', async () => {
    await passwordAccount('burst@lumen.test');
    const flows = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const browser = new Browser();
        return { browser, link: linkValue(await signIn(browser, 'sub-burst')) };
      }),
    );
    const answers = await Promise.all(
      flows.flatMap(({ browser, link }) =>
        [0, 1, 2, 3].map((i) =>
          browser.request(linkUrl(), { form: { link, password: `burst-${i}` } }),
        ),
      ),
    );
    const checked = answers.filter((a) => a.text.includes('That password is not right.'));
    const refused = answers.filter((a) => a.status === 429 || a.status === 503);
    expect(answers).toHaveLength(32);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(refused.length).toBeGreaterThanOrEqual(27);
    expect(refused[0]?.text).toMatch(/Please try again in \d+ second/);
  });
});

describe('the demo provider (issue 28): nobody shares an account through it', () => {
  let demo: LocalProvider;
  let shop: TestServer;
  beforeAll(async () => {
    let config: TestServer['config'] | null = null;
    // Its own identities, as scripts/start.sh runs it.
    demo = await startLocalProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: () => (config ? oidcRedirectUris(config) : []),
    });
    shop = await startTestServer({
      oidc: { issuer: demo.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    });
    config = shop.config;
  });
  afterAll(async () => {
    expect(shop.violations).toEqual([]);
    expect(shop.errors).toEqual([]);
    await shop.dispose();
    await demo.close();
  });

  it('two browsers that choose the new shopper get two accounts', async () => {
    const first = tokenOf(await signIn(new Browser(), 'lumen-id-sam', shop), shop);
    const second = tokenOf(await signIn(new Browser(), 'lumen-id-sam', shop), shop);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    const one = await userOf(first ?? '', shop);
    const two = await userOf(second ?? '', shop);
    expect(one.userId).not.toBe(two.userId);
    expect(one.email).not.toBe(two.email);
    expect(one.email).toMatch(/^sam\.taylor\.[0-9a-f]{12}@idp\.test$/);
    expect(one.username).toBe('Sam Taylor');
  });

  it("the demo account's identity asks for its password at every sign-in", async () => {
    const linkUrl = `${shop.url}/api/v1/auth/oidc/link`;
    for (let round = 0; round < 2; round += 1) {
      const browser = new Browser();
      const page = await signIn(browser, 'lumen-id-demo', shop);
      expect(tokenOf(page, shop)).toBeNull();
      expect(page.text).toContain('Link your account');
      const done = await browser.request(linkUrl, {
        form: { link: linkValue(page), password: DEMO.password },
      });
      expect((await userOf(tokenOf(done, shop) ?? '', shop)).email).toBe(DEMO.email);
    }
  });

  it('the unverified identity opens nothing, whoever chooses it', async () => {
    const answer = await signIn(new Browser(), 'lumen-id-riley', shop);
    expect(answer.status).toBe(400);
    expect(tokenOf(answer, shop)).toBeNull();
  });
});

describe('sign-ins started are bounded per client (issue 28)', () => {
  it('an address (IPv4, or an IPv6 /64) has at most 20 open; others still start', async () => {
    const proxied = await startTestServer({
      trustedProxies: ['127.0.0.1'],
      oidc: { issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    });
    try {
      const start = (from: string) =>
        fetch(`${proxied.url}/api/v1/auth/oidc/authorize`, {
          redirect: 'manual',
          headers: { 'X-Forwarded-For': from },
        });
      const statuses: number[] = [];
      // One /64: the addresses differ, the client does not.
      for (let i = 0; i < 25; i += 1) statuses.push((await start(`2001:db8:1:2::${i + 1}`)).status);
      expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(302));
      expect(statuses.slice(20)).toEqual(Array<number>(5).fill(429));
      const refused = await start('2001:db8:1:2:ffff::9');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('600');
      expect(await refused.text()).toContain('Too many sign-ins were started from here.');
      const rows = await proxied.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM oidc_flows');
      expect(rows?.n).toBe(20);
      expect((await start('2001:db8:1:3::1')).status).toBe(302);
      expect((await start('198.51.100.4')).status).toBe(302);
      expect(proxied.errors).toEqual([]);
    } finally {
      await proxied.dispose();
    }
  });
});

describe('contract', () => {
  it('every answer matched openapi.yaml and nothing failed on the server', () => {
    expect(server.violations).toEqual([]);
    expect(server.errors).toEqual([]);
  });
});
