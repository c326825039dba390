import type { LoginWidgetBody } from '@pixel-wall/shared';
import { loadSchemas } from '../api/schemas.ts';

export const LOGIN_WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';
const CALLBACK = 'pixelWallTelegramAuth';

declare global {
  interface Window {
    pixelWallTelegramAuth?: (user: unknown) => void;
  }
}

/**
 * Injects the Telegram Login Widget into `container`. The widget calls a global function named in
 * `data-onauth`; the payload is checked against the shared schema before it reaches `onAuth`.
 * Returns a cleanup that removes the widget and the global.
 */
export function mountLoginWidget(
  container: HTMLElement,
  botUsername: string,
  onAuth: (payload: LoginWidgetBody) => void,
): () => void {
  window[CALLBACK] = (user: unknown) => {
    loadSchemas().then(
      ({ loginWidgetBody }) => {
        const parsed = loginWidgetBody.safeParse(user);
        if (parsed.success) onAuth(parsed.data);
        else console.warn('Telegram login returned an unexpected payload');
      },
      (error: unknown) => console.warn('Could not check the Telegram login', error),
    );
  };
  const script = document.createElement('script');
  script.src = LOGIN_WIDGET_SRC;
  script.async = true;
  script.dataset.telegramLogin = botUsername;
  script.dataset.size = 'large';
  script.dataset.radius = '4';
  script.dataset.requestAccess = 'write';
  script.dataset.onauth = `${CALLBACK}(user)`;
  container.appendChild(script);
  return () => {
    container.replaceChildren();
    delete window[CALLBACK];
  };
}
