/** Signs players in as Telegram would: initData signed with the server's (test) bot token. */
import { signInitData } from '../../../apps/server/src/integrations/telegram/init-data.ts';

export const TOOLS_BOT_TOKEN = '123456789:AAH-tools-token-for-local-runs-000000';

export interface Player {
  id: number;
  token: string;
}

export interface LaunchUser {
  id: number;
  firstName?: string;
  /** the launch parameter (`f12`, `s3`), as a Mini App link would carry it */
  startParam?: string;
}

/** The launch data Telegram would hand the Mini App of this player. */
export function launchData(user: LaunchUser, botToken = TOOLS_BOT_TOKEN): string {
  const fields: Record<string, string> = {
    auth_date: String(Math.floor(Date.now() / 1000)),
    query_id: `AA${user.id}`,
    user: JSON.stringify({ id: user.id, first_name: user.firstName ?? `Player ${user.id}` }),
  };
  if (user.startParam) fields.start_param = user.startParam;
  return signInitData(fields, botToken);
}

/**
 * The launch data of a Mini App launch link (`miniAppLaunchUrl`): as `launchData`, with the
 * third-party `signature` Telegram adds, which the Mini App SDK's launch-parameter parser requires.
 */
export function miniAppLaunchData(user: LaunchUser, botToken = TOOLS_BOT_TOKEN): string {
  const fields: Record<string, string> = Object.fromEntries(new URLSearchParams(launchData(user, botToken)));
  delete fields.hash;
  fields.signature = 'c2lnbmF0dXJl';
  return signInitData(fields, botToken);
}

/** Both tokens of a Telegram sign-in. */
export async function telegramTokens(
  baseUrl: string,
  user: LaunchUser,
  botToken = TOOLS_BOT_TOKEN,
): Promise<{ token: string; refresh_token: string }> {
  const res = await fetch(`${baseUrl}/api/v1/auth/telegram`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData: launchData(user, botToken) }),
  });
  if (!res.ok) throw new Error(`sign-in of ${user.id} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; refresh_token: string };
}

export async function signInPlayer(baseUrl: string, id: number, botToken = TOOLS_BOT_TOKEN): Promise<Player> {
  return { id, token: (await telegramTokens(baseUrl, { id }, botToken)).token };
}
