/** Kept apart from service.ts: config.ts reads it before the database starts opening (main.ts). */

/**
 * Our site's host names, for the proof's domain check: PUBLIC_URL's host plus any configured.
 * Wallets name the host of the manifest's `url`, port included when it has one, so both count.
 */
export function tonAllowedDomains(publicUrl: string | null, extra: readonly string[] = []): string[] {
  const out = new Set<string>();
  if (publicUrl) {
    try {
      const url = new URL(publicUrl);
      out.add(url.hostname.toLowerCase());
      out.add(url.host.toLowerCase());
    } catch {
      // config validated it already
    }
  }
  for (const d of extra) if (d.trim()) out.add(d.trim().toLowerCase());
  return [...out];
}
