import Bowser from 'bowser';

/** Browser and system in words ("Chrome 140", "Linux") from a stored user agent. */
export function describeAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const p = Bowser.getParser(userAgent);
  const b = p.getBrowser();
  const o = p.getOS();
  const major = b.version?.split('.')[0];
  const browser = b.name ? (major ? `${b.name} ${major}` : b.name) : null;
  const os = o.name ? (o.versionName ? `${o.name} ${o.versionName}` : o.name) : null;
  return { browser, os };
}
