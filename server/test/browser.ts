// Test support: a browser as far as a server test needs one (cookies and redirects, no page).

/**
 * One browser for a server test that walks a flow across pages (OpenID Connect sign-in): its
 * cookies, one jar for every host it visits (names are unique across the servers of a test), and
 * redirects followed by hand.
 */
export class Browser {
  private jar = new Map<string, string>();

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {};
    if (this.jar.size > 0)
      headers.Cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(body !== undefined ? { body } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const location = res.headers.get('location');
    return {
      status: res.status,
      location: location ? new URL(location, url).toString() : null,
      text: await res.text(),
      url,
      cookies: res.headers.getSetCookie(),
      csp: res.headers.get('content-security-policy'),
    };
  }

  /** Follows redirects from `url` until an answer is not one, or leads to `stopAt`. */
  async follow(url: string, stopAt: (next: string) => boolean) {
    let answer = await this.request(url);
    for (let hops = 0; hops < 10 && answer.location && !stopAt(answer.location); hops += 1) {
      answer = await this.request(answer.location);
    }
    return answer;
  }
}

export type Answer = Awaited<ReturnType<Browser['request']>>;
