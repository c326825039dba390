import { createContext, type ReactNode, useContext } from 'react';
import type { Platform } from './types.ts';
import { createWebPlatform } from './web.ts';

const PlatformContext = createContext<Platform | null>(null);
let fallback: Platform | null = null;

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

/** The host bridge; outside a provider (isolated component tests) a plain web platform. */
export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (platform) return platform;
  fallback ??= createWebPlatform('');
  return fallback;
}
