/**
 * Probes of what moves goods and money: Pixanos' Snap ordered in a colour its buyer may not paint
 * (it would repaint half the wall in it), and a Stars payment that another Telegram user made for
 * the player, refunded (Telegram knows the charge under its payer only). Bounded like every probe.
 */
import { API_PREFIX, BASIC_COLORS, PALETTE } from '@pixel-wall/shared';
import { signInPlayer } from '../lib/players.ts';
import type { ServerProcess } from '../lib/server-process.ts';
import { json, send } from './client.ts';
import { type ProbeResult, paidDynamite, type StarsPayer } from './probes.ts';

const errorCode = (body: string): string | null => {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    return null;
  }
};

/** A Snap in a locked colour is refused when it is ordered; one in a basic colour is not. */
export async function snapInLockedColour(
  server: ServerProcess,
  opts: { playerId: number },
): Promise<ProbeResult> {
  const r: ProbeResult = { name: "Pixanos' Snap in a locked colour", figures: {}, findings: [] };
  const player = await signInPlayer(server.url, opts.playerId);
  const locked = PALETTE.find((c) => !BASIC_COLORS.some((b) => b === c))!;
  const order = (pixanosColor: string) =>
    send(
      server.url,
      json('POST', `${API_PREFIX}/buy/stars`, { type: 13, qty: 1, pixanosColor }, player.token),
    );
  const refused = await order(locked);
  const allowed = await order(BASIC_COLORS[0]);
  r.figures['locked colour'] = `${locked}: ${refused.status} ${errorCode(refused.body) ?? ''}`.trim();
  r.figures['basic colour'] = `${BASIC_COLORS[0]}: ${allowed.status}`;
  if (refused.status !== 403 || errorCode(refused.body) !== 'COLOR_LOCKED') {
    r.findings.push(
      `a Snap in locked ${locked} was answered ${refused.status} ${refused.body.slice(0, 120)}, not 403 COLOR_LOCKED`,
    );
  }
  if (allowed.status !== 200) r.findings.push(`a Snap in a basic colour was refused: ${allowed.status}`);
  return r;
}

/**
 * A friend pays the player's Stars invoice; an admin refunds it. Telegram refuses a refund to
 * anyone but the payer (CHARGE_NOT_FOUND), so a refund addressed to the player fails.
 */
export async function giftRefund(
  server: ServerProcess,
  fake: Pick<StarsPayer, 'pay'>,
  opts: { adminId: number; playerId: number; payerId: number },
): Promise<ProbeResult> {
  const r: ProbeResult = { name: 'refund of a Stars payment another user made', figures: {}, findings: [] };
  const [player, admin] = await Promise.all([
    signInPlayer(server.url, opts.playerId),
    signInPlayer(server.url, opts.adminId),
  ]);
  const paid = await paidDynamite(server, fake, player, opts.payerId, r);
  if (!paid) return r;
  if (!paid.chargeId) {
    r.findings.push("the friend's payment has no charge id");
    return r;
  }
  const refund = await send(
    server.url,
    json('POST', `${API_PREFIX}/admin/payments/${encodeURIComponent(paid.chargeId)}/refund`, {}, admin.token),
  );
  r.figures['refund answered'] = refund.status;
  if (refund.status !== 200) {
    r.findings.push(`the refund was answered ${refund.status} ${refund.body.slice(0, 160)}`);
  }
  return r;
}
