/**
 * The payout wallet: a standard v4R2 wallet whose key comes from a 24-word mnemonic. Builds and
 * signs the external message that makes it send one transfer (TON, or a jetton transfer through
 * its jetton wallet), and computes the hashes an indexer finds that message by. Pure: no network.
 *
 * v4R2 external body: signature (512 bits) over the hash of the rest, which is subwallet id (32),
 * valid_until (32), seqno (32), op 0 (8, a simple send), then per message a send mode (8) and a
 * reference to the internal message. The wallet refuses a seqno other than its stored one, so a
 * signed message can land at most once, and not at all after valid_until.
 */
import {
  Address,
  beginCell,
  Cell,
  external,
  internal,
  type MessageRelaxed,
  SendMode,
  type StateInit,
  storeMessage,
  storeMessageRelaxed,
  storeStateInit,
} from '@ton/core';
import { type KeyPair, mnemonicToPrivateKey, mnemonicValidate, sign } from '@ton/crypto';
import { rawAddress } from './address.ts';

/** The wallet v4R2 code (its hash is feb5ff68…d5c0, the one every v4R2 wallet carries). */
export const WALLET_V4R2_CODE = Cell.fromBase64(
  'te6cckECFAEAAtQAART/APSkE/S88sgLAQIBIAIPAgFIAwYC5tAB0NMDIXGwkl8E4CLXScEgkl8E4ALTHyGCEHBsdWe9IoIQZHN0cr2wkl8F4AP6QDAg+kQByMoHy//J0O1E0IEBQNch9AQwXIEBCPQKb6Exs5JfB+AF0z/IJYIQcGx1Z7qSODDjDQOCEGRzdHK6kl8G4w0EBQB4AfoA9AQw+CdvIjBQCqEhvvLgUIIQcGx1Z4MesXCAGFAEywUmzxZY+gIZ9ADLaRfLH1Jgyz8gyYBA+wAGAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+ICASAHDgIBIAgNAgFYCQoAPbKd+1E0IEBQNch9AQwAsjKB8v/ydABgQEI9ApvoTGACASALDAAZrc52omhAIGuQ64X/wAAZrx32omhAEGuQ64WPwAARuMl+1E0NcLH4AFm9JCtvaiaECAoGuQ+gIYRw1AgIR6STfSmRDOaQPp/5g3gSgBt4EBSJhxWfMYQE+PKDCNcYINMf0x/THwL4I7vyZO1E0NMf0x/T//QE0VFDuvKhUVG68qIF+QFUEGT5EPKj+AAkpMjLH1JAyx9SMMv/UhD0AMntVPgPAdMHIcAAn2xRkyDXSpbTB9QC+wDoMOAhwAHjACHAAuMAAcADkTDjDQOkyMsfEssfy/8QERITAG7SB/oA1NQi+QAFyMoHFcv/ydB3dIAYyMsFywIizxZQBfoCFMtrEszMyXP7AMhAFIEBCPRR8qcCAHCBAQjXGPoA0z/IVCBHgQEI9FHyp4IQbm90ZXB0gBjIywXLAlAGzxZQBPoCFMtqEssfyz/Jc/sAAgBsgQEI1xj6ANM/MFIkgQEI9Fnyp4IQZHN0cnB0gBjIywXLAlAFzxZQA/oCE8tqyx8Syz/Jc/sAAAr0AMntVAj45Sg=',
);

/** The default subwallet id of v4 wallets on the basechain (698983191 + workchain 0). */
export const V4_SUBWALLET_ID = 698_983_191;

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
  if (publicKey.length !== 32) throw new RangeError('a wallet public key is 32 bytes');
  const data = beginCell()
    .storeUint(0, 32)
    .storeUint(V4_SUBWALLET_ID, 32)
    .storeBuffer(publicKey)
    .storeBit(false)
    .endCell();
  const init: StateInit = { code: WALLET_V4R2_CODE, data };
  const hash = beginCell().store(storeStateInit(init)).endCell().hash();
  return { address: rawAddress({ workchain: 0, hash }), init };
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
  const toSign = beginCell()
    .storeUint(V4_SUBWALLET_ID, 32)
    .storeUint(p.validUntil, 32)
    .storeUint(p.seqno, 32)
    .storeUint(0, 8)
    .storeUint(p.mode ?? SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS, 8)
    .storeRef(beginCell().store(storeMessageRelaxed(p.message)).endCell())
    .endCell();
  const signature = sign(toSign.hash(), wallet.keyPair.secretKey);
  const body = beginCell().storeBuffer(signature).storeSlice(toSign.beginParse()).endCell();
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
