/** Bridges host chrome into CSS: safe-area insets and the theme's light/dark hint. */
interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/**
 * In Telegram's fullscreen mode the device inset and the area under Telegram's own controls add
 * up; outside it both are usually zero and the CSS `env()` defaults apply.
 */
export function applySafeArea(device: Insets, content: Insets): void {
  const style = document.documentElement.style;
  for (const side of SIDES) {
    style.setProperty(`--safe-${side}`, `${Math.max(0, device[side] + content[side])}px`);
  }
}

export function applyThemeColors(dark: boolean): void {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}
