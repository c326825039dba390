/**
 * `@pixel-wall/shared/core`: everything of the package that builds no zod schema (constants,
 * palette, canvas, formats, launch parameters, the wire codec…). Evaluating it is cheap, so the
 * web app's first screen imports its values from here; the request and response schemas come with
 * the index (`@pixel-wall/shared`), which the web app loads when it first checks a response.
 */
export * from './achievements.ts';
export * from './api-constants.ts';
export * from './canvas.ts';
export * from './charges.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './game-config.ts';
export * from './launch-params.ts';
export * from './leagues.ts';
export * from './palette.ts';
export * from './pixel-prices.ts';
export * from './products.ts';
export * from './slider.ts';
export * from './snap.ts';
export * from './wire.ts';
