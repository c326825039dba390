import type { LoginWidgetBody } from '@pixel-wall/shared';
import { useEffect, useRef } from 'react';
import { mountLoginWidget } from '../../platform/loginWidget.ts';

/** The official Telegram Login Widget; its script loads only when this renders. */
export function TelegramLoginWidget({
  botUsername,
  onAuth,
}: {
  botUsername: string;
  onAuth: (payload: LoginWidgetBody) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(onAuth);
  latest.current = onAuth;

  useEffect(() => {
    if (!container.current) return;
    return mountLoginWidget(container.current, botUsername, (payload) => latest.current(payload));
  }, [botUsername]);

  return <div ref={container} className="login-widget" />;
}
