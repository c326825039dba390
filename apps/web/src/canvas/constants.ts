/** Zoom, gesture and timing figures of the canvas (SPEC §4 "Pixel click", §9). One place to tune them. */

/** Camera scale limits: CSS px per canvas pixel. */
export const MIN_SCALE = 0.3;
export const MAX_SCALE = 60;

/** Zoom buttons: one step multiplies the scale by this, animated over ZOOM_STEP_MS. */
export const ZOOM_STEP = 1.8;
export const ZOOM_STEP_MS = 100;
/** While a zoom button is held, it steps again every ZOOM_REPEAT_MS... */
export const ZOOM_REPEAT_MS = 90;
/** ...but only once held this long: a shorter press is exactly one step. */
export const ZOOM_HOLD_MS = 200;

/** Two taps closer than this (first release to second press) make a double tap. */
export const DOUBLE_TAP_MS = 200;
/** How far apart (CSS px) the two taps of a double tap may be. */
export const DOUBLE_TAP_SLOP = 24;
/** The double-tap zoom animates to MAX_SCALE (or back to fit) over this long. */
export const DOUBLE_TAP_ZOOM_MS = 400;

/** A pointer that moves further than this (CSS px) is a drag: it never selects or paints. */
export const DRAG_THRESHOLD = 8;

/** The pixel grid is drawn from this scale up. */
export const GRID_MIN_SCALE = 12;

/** Frame rate cap of the renderer. */
export const DEFAULT_FPS = 60;
export const MIN_FPS = 10;
export const MAX_FPS = 60;

/** Camera notifications to the React chrome are throttled to this interval (10/s). */
export const CAMERA_NOTIFY_MS = 100;
