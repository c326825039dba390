export * from './canvas.ts';
export * from './charges.ts';
export * from './errors.ts';
export * from './palette.ts';
export * from './wire.ts';
export * from './api.ts';
