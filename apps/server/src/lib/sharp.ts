/** sharp (libvips), loaded at the first image encoded or decoded, not at the start (lazy-require.ts). */
import type Sharp from 'sharp';
import { lazyRequire } from './lazy-require.ts';

export const loadSharp = lazyRequire<typeof Sharp>('sharp');
