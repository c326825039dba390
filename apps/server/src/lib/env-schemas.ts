/**
 * Zod pieces shared by the environment schemas (config.ts and the modules' `…EnvShape`s, which
 * config.ts merges; they cannot import it back).
 */
import { z } from 'zod';
import { normalizeTonAddress } from '../integrations/ton/address.ts';

/** An absolute http(s) URL. */
export const httpUrl = z
  .string()
  .max(512)
  .refine(
    (v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: 'must be an http(s) URL' },
  );

/** A TON address in any spelling the address parser takes. */
export const tonAddress = z
  .string()
  .max(128)
  .refine((v) => normalizeTonAddress(v) !== '', { message: 'must be a TON address' });
