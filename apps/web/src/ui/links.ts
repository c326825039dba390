/** External links configured at build time (see env.d.ts); null hides the entry. */
export const CHANNEL_URL: string | null = import.meta.env.VITE_CHANNEL_URL || null;
export const COMMUNITY_URL: string | null = import.meta.env.VITE_COMMUNITY_URL || null;
