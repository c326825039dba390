/** Signs players in as Telegram would: initData signed with the server's (test) bot token. */
import { signInitData } from '../../../apps/server/src/integrations/telegram/init-data.ts';

export const TOOLS_BOT_TOKEN = '123456789:AAH-tools-token-for-local-runs-000000';

export interface Player {
  id: number;
  token: string;
}

export async function signInPlayer(baseUrl: string, id: number, botToken = TOOLS_BOT_TOKEN): Promise<Player> {
  const initData = signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      query_id: `AA${id}`,
      user: JSON.stringify({ id, first_name: `Player ${id}` }),
    },
    botToken,
  );
  const res = await fetch(`${baseUrl}/api/v1/auth/telegram`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData }),
  });
  if (!res.ok) throw new Error(`sign-in of ${id} failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string };
  return { id, token: body.token };
}
