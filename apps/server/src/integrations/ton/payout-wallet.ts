/**
 * The payout wallet: a standard v4R2 wallet whose key comes from a 24-word mnemonic. Builds and
 * signs the external message that makes it send one transfer (TON, or a jetton transfer through
 * its jetton wallet), and computes the hashes an indexer finds that message by. Pure: no network.
 *
 * The wallet itself (code, data, address, the signed body) is @ton/ton's `WalletContractV4`: the
 * body is a signature over subwallet id, valid_until, seqno, op 0 (a simple send), then per message
 * a send mode and a reference to the internal message. The wallet refuses a seqno other than its
 * stored one, so a signed message can land at most once, and not at all after valid_until.
 */
import {
  Address,
  beginCell,
  type Cell,
  external,
  internal,
  type MessageRelaxed,
  SendMode,
  type StateInit,
  storeMessage,
} from '@ton/core';
import { type KeyPair, mnemonicToPrivateKey, mnemonicValidate } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { rawAddress } from './address.ts';

/** The default subwallet id of v4 wallets on the basechain (698983191 + workchain 0). */
export const V4_SUBWALLET_ID = 698_983_191;

/** The v4R2 wallet contract of a public key on the basechain, default subwallet. */
function contractOf(publicKey: Buffer): WalletContractV4 {
  if (publicKey.length !== 32) throw new RangeError('a wallet public key is 32 bytes');
  return WalletContractV4.create({ workchain: 0, publicKey, walletId: V4_SUBWALLET_ID });
}

/** The wallet v4R2 code (its hash is feb5ff68…d5c0, the one every v4R2 wallet carries). */
export const WALLET_V4R2_CODE: Cell = contractOf(Buffer.alloc(32)).init.code;

/** TEP-74 jetton `transfer` opcode. */
export const JETTON_TRANSFER_OP = 0x0f8a7ea5;

export interface PayoutWalletKey {
  keyPair: KeyPair;
  /** raw `0:hex` */
  address: string;
  init: StateInit;
}

/** The v4R2 wallet of a public key: its state_init and raw address on the basechain. */
export function walletV4R2(publicKey: Buffer): { address: string; init: StateInit } {
  const wallet = contractOf(publicKey);
  return { address: rawAddress({ workchain: 0, hash: wallet.address.hash }), init: wallet.init };
}

/** Words of a mnemonic, however spaced; throws (without echoing them) when they are not a valid one. */
export async function payoutWalletFromMnemonic(mnemonic: string): Promise<PayoutWalletKey> {
  const words = mnemonic.trim().toLowerCase().split(/\s+/);
  if (words.length !== 24 || !(await mnemonicValidate(words))) {
    throw new Error('TON_PAYOUT_MNEMONIC is not a valid 24-word TON mnemonic');
  }
  const keyPair = await mnemonicToPrivateKey(words);
  return { keyPair, ...walletV4R2(keyPair.publicKey) };
}

/** A text comment body (op 0 + UTF-8), the way wallets show a memo. */
export function commentCell(text: string): Cell {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell();
}

export interface JettonTransferBody {
  queryId: bigint;
  /** in the jetton's smallest units */
  amount: bigint;
  /** the receiving owner (not their jetton wallet) */
  destination: Address;
  /** where the TON left over goes: our own wallet */
  responseDestination: Address;
  /** nanotons forwarded with the notification to the receiver */
  forwardTonAmount: bigint;
  comment?: string | null;
}

/** TEP-74 transfer: query_id, amount, destination, response_destination, no custom payload, forward. */
export function jettonTransferBody(t: JettonTransferBody): Cell {
  const b = beginCell()
    .storeUint(JETTON_TRANSFER_OP, 32)
    .storeUint(t.queryId, 64)
    .storeCoins(t.amount)
    .storeAddress(t.destination)
    .storeAddress(t.responseDestination)
    .storeBit(false)
    .storeCoins(t.forwardTonAmount);
  // forward_payload: Either Cell ^Cell; a comment goes in a reference.
  if (t.comment) b.storeBit(true).storeRef(commentCell(t.comment));
  else b.storeBit(false);
  return b.endCell();
}

export interface SignedTransfer {
  /** the external message as a base64 BoC, for POST /api/v3/message */
  boc: string;
  /** hash of the message cell, lower-case hex */
  messageHash: string;
  /** TEP-467 normalised hash (what indexers key external messages by), lower-case hex */
  normalizedHash: string;
  seqno: number;
  /** unix seconds */
  validUntil: number;
}

/**
 * TEP-467: the hash of an external-in message with src addr_none, import_fee 0, no state_init and
 * the body in a reference, so re-wrappings of one signed body share one hash.
 */
export function normalizedExternalHash(dest: Address, body: Cell): Buffer {
  return beginCell()
    .storeUint(2, 2)
    .storeUint(0, 2)
    .storeAddress(dest)
    .storeCoins(0)
    .storeBit(false)
    .storeBit(true)
    .storeRef(body)
    .endCell()
    .hash();
}

/** Signs one transfer from the wallet; `withInit` deploys the wallet on its first message. */
export function signTransfer(
  wallet: PayoutWalletKey,
  p: { seqno: number; validUntil: number; message: MessageRelaxed; mode?: number; withInit: boolean },
): SignedTransfer {
  const contract = contractOf(wallet.keyPair.publicKey);
  const body = contract.createTransfer({
    seqno: p.seqno,
    secretKey: wallet.keyPair.secretKey,
    messages: [p.message],
    sendMode: p.mode ?? SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
    timeout: p.validUntil,
  });
  const dest = Address.parseRaw(wallet.address);
  const msg = beginCell()
    .store(storeMessage(external({ to: dest, body, ...(p.withInit ? { init: wallet.init } : {}) })))
    .endCell();
  return {
    boc: msg.toBoc().toString('base64'),
    messageHash: msg.hash().toString('hex'),
    normalizedHash: normalizedExternalHash(dest, body).toString('hex'),
    seqno: p.seqno,
    validUntil: p.validUntil,
  };
}

/** A plain TON transfer; non-bounceable, as the receiving wallet may not be deployed yet. */
export function tonTransfer(to: string, nanotons: bigint, text: string | null): MessageRelaxed {
  return internal({
    to: Address.parseRaw(to),
    value: nanotons,
    bounce: false,
    ...(text ? { body: commentCell(text) } : {}),
  });
}

/** The internal message to our own jetton wallet asking it to transfer `amount` to `to`. */
export function jettonTransfer(p: {
  ourJettonWallet: string;
  ourWallet: string;
  to: string;
  amount: bigint;
  queryId: bigint;
  /** TON attached for the jetton wallets' fees; what is left comes back to us */
  attachNano: bigint;
  forwardTonAmount: bigint;
  comment: string | null;
}): MessageRelaxed {
  return internal({
    to: Address.parseRaw(p.ourJettonWallet),
    value: p.attachNano,
    bounce: true,
    body: jettonTransferBody({
      queryId: p.queryId,
      amount: p.amount,
      destination: Address.parseRaw(p.to),
      responseDestination: Address.parseRaw(p.ourWallet),
      forwardTonAmount: p.forwardTonAmount,
      comment: p.comment,
    }),
  });
}
