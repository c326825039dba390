export const PX_TABS = ['token', 'roadmap', 'buyback', 'burn', 'fund', 'get'] as const;
export type PxTab = (typeof PX_TABS)[number];

export function isPxTab(value: string): value is PxTab {
  return (PX_TABS as readonly string[]).includes(value);
}
