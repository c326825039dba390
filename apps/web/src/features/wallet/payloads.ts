/**
 * What the wallet is asked to send for a crypto order (SPEC §7): TON goes straight to the payment
 * wallet with the memo as a text comment; a jetton goes as a TEP-74 transfer message to the
 * player's own jetton wallet, with 0.101 TON attached, 0.01 TON forwarded, and the memo as the
 * forward payload's comment.
 */
import {
  JETTON_TRANSFER_ATTACHED_NANOTONS,
  JETTON_TRANSFER_FORWARD_NANOTONS,
  type StartTransactionResponse,
} from '@pixel-wall/shared';
import { beginCell, type Cell, parseTonAddress, type TonAddress, toBocBase64 } from './boc.ts';

const JETTON_TRANSFER_OP = 0x0f8a7ea5;
const encoder = new TextEncoder();

/** op = 0 then UTF-8 text, continued in the first reference of each cell when it does not fit. */
export function commentCell(text: string): Cell {
  const bytes = encoder.encode(text);
  const firstRoom = Math.floor((1023 - 32) / 8);
  const room = Math.floor(1023 / 8);
  const chunks: Uint8Array[] = [bytes.subarray(0, firstRoom)];
  for (let at = firstRoom; at < bytes.length; at += room) chunks.push(bytes.subarray(at, at + room));
  let tail: Cell | null = null;
  for (let i = chunks.length - 1; i >= 1; i--) {
    const b = beginCell().bytes(chunks[i]!);
    if (tail) b.ref(tail);
    tail = b.end();
  }
  const head = beginCell().uint(0, 32).bytes(chunks[0]!);
  if (tail) head.ref(tail);
  return head.end();
}

export function commentPayload(text: string): string {
  return toBocBase64(commentCell(text));
}

export interface JettonTransferInput {
  /** jetton units to move */
  amount: bigint | string;
  /** who receives the jettons (the shop's payment wallet) */
  destination: TonAddress;
  /** where the excess TON returns (the buyer) */
  responseDestination: TonAddress;
  forwardTonAmount: bigint | string;
  memo: string;
  queryId?: bigint;
}

export function jettonTransferCell(input: JettonTransferInput): Cell {
  return beginCell()
    .uint(JETTON_TRANSFER_OP, 32)
    .uint(input.queryId ?? 0n, 64)
    .coins(input.amount)
    .address(input.destination)
    .address(input.responseDestination)
    .bit(0) // no custom payload
    .coins(input.forwardTonAmount)
    .bit(1) // forward payload in a reference
    .ref(commentCell(input.memo))
    .end();
}

export function jettonTransferPayload(input: JettonTransferInput): string {
  return toBocBase64(jettonTransferCell(input));
}

export interface WalletMessage {
  address: string;
  /** nanotons */
  amount: string;
  /** base64 BoC */
  payload: string;
}

export interface WalletTransaction {
  /** unix seconds */
  validUntil: number;
  messages: WalletMessage[];
}

export class TransferBuildError extends Error {
  override readonly name = 'TransferBuildError';
}

/**
 * The transaction for a started order. `buyerJettonWallet` (the player's wallet of that jetton)
 * is needed only for jettons; `queryId` makes jetton transfers tell apart in explorers.
 */
export function buildOrderTransaction(
  order: StartTransactionResponse,
  buyerWallet: string,
  buyerJettonWallet: string | null,
  queryId: bigint = BigInt(Date.now()),
): WalletTransaction {
  if (order.jettonMaster === null) {
    return {
      validUntil: order.validUntil,
      messages: [{ address: order.payTo, amount: order.strAmount, payload: commentPayload(order.txMemCode) }],
    };
  }
  const destination = parseTonAddress(order.payTo);
  const buyer = parseTonAddress(buyerWallet);
  if (!destination || !buyer) throw new TransferBuildError('not a TON address');
  if (!buyerJettonWallet || !parseTonAddress(buyerJettonWallet)) {
    throw new TransferBuildError('the jetton wallet of the buyer is unknown');
  }
  return {
    validUntil: order.validUntil,
    messages: [
      {
        address: buyerJettonWallet,
        amount: JETTON_TRANSFER_ATTACHED_NANOTONS,
        payload: jettonTransferPayload({
          amount: order.strAmount,
          destination,
          responseDestination: buyer,
          forwardTonAmount: JETTON_TRANSFER_FORWARD_NANOTONS,
          memo: order.txMemCode,
          queryId,
        }),
      },
    ],
  };
}
