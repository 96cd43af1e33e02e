/**
 * The one masking of URLs in text that is shown or kept (errors, log lines, manifests, the dashboard):
 * a URL's userinfo (`scheme://user:secret@host` → `scheme://***@host`, up to the last `@` before the host,
 * so that a password containing `@` is masked whole) and the value of every query parameter
 * (`?password=x&db=2` → `?password=***&db=***`): Redis takes its password from either, and a query may
 * carry a token under any name. Parameter names stay, so that the line still says what was set.
 */
export function maskUrlCredentials(text: string): string {
  return text
    .replace(/\/\/[^/?#\s]*@/g, '//***@')
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^?#\s]*)\?([^#\s]*)/gi, (_, head: string, query: string) => {
      const masked = query
        .split('&')
        .map((pair) => {
          const eq = pair.indexOf('=');
          return eq < 0 ? (pair === '' ? '' : '***') : `${pair.slice(0, eq)}=***`;
        })
        .join('&');
      return `${head}?${masked}`;
    });
}
