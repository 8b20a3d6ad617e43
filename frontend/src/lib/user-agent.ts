/** Browsers in the order they must be tested: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** Systems likewise: Android also says "Linux", iPhone also says "Mac OS X". */
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([pattern]) => pattern.test(ua))?.[1];

/** A session's browser and system in words ("Chrome en Android"); what it cannot tell reads "Otro navegador". */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return '—';
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? (system ? `Otro navegador en ${system}` : 'Otro navegador');
}

/** An address as people read it: an IPv4 client seen through an IPv6 socket loses its `::ffff:`. */
export const formatIp = (ip: string | null | undefined): string => (ip ? ip.replace(/^::ffff:/i, '') : '—');
