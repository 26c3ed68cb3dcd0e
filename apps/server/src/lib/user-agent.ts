/** Browsers by the token their user agent carries, the more specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

/** Systems by their user-agent token, the more specific first (Android also says Linux; iPhones say "like Mac OS X"). */
const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ['iPhone', /iPhone/],
  ['iPad', /iPad/],
  ['Android', /Android/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

/**
 * A short name of the device a session came from, read from its user agent: `Chrome 120 on
 * Windows`, `Safari 17 on iPhone`. What is not recognised is named by its first product token
 * (`curl/8.5.0`, `okhttp/4.12`), and an empty user agent by nothing ('').
 */
export function deviceOf(userAgent: string): string {
  const browser = BROWSERS.map(([name, pattern]) => ({ name, match: pattern.exec(userAgent) })).find((entry) => entry.match);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  if (browser?.match) {
    const named = `${browser.name} ${browser.match[1] ?? ''}`.trim();
    return system ? `${named} on ${system}` : named;
  }
  const product = userAgent.trim().split(/\s+/)[0] ?? '';
  return (system ? `${product} on ${system}` : product).slice(0, 60);
}
