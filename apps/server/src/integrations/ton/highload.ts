/**
 * The batch payout wallet: Highload Wallet v3 (ton-blockchain/highload-wallet-contract-v3, code
 * hash 11acad79…8525), key from the same 24-word mnemonic as before. No npm package carries it,
 * so the messages are built here with @ton/core. Pure: no network.
 *
 * Data: public_key (256) subwallet_id (32) old_queries (dict) queries (dict)
 *       last_clean_time (64) timeout (22).
 * External body: signature (512 bits) over the hash of a referenced msg_inner:
 *       subwallet_id (32) ^message_to_send send_mode (8) query_id (23 = shift 13 ++ bit 10)
 *       created_at (64) timeout (22)
 * The wallet accepts it when created_at is in (now - timeout, now] and the query_id is not yet
 * marked; it then marks it and keeps the mark for at least `timeout`. So one signed message lands
 * at most once, may be re-sent as is until created_at + timeout, and after that is provably dead.
 *
 * A batch: message_to_send is an internal message to the wallet itself with body
 *       op internal_transfer 0xae42e5a4 (32) query_id (64) ^out_list
 * and the wallet, receiving it, sends the out list's actions (up to 254 messages).
 */
import {
  Address,
  beginCell,
  Cell,
  external,
  internal,
  loadMessage,
  loadMessageRelaxed,
  loadOutList,
  type MessageRelaxed,
  type OutActionSendMsg,
  SendMode,
  type StateInit,
  storeMessage,
  storeMessageRelaxed,
  storeOutList,
  storeStateInit,
} from '@ton/core';
import { type KeyPair, sign, signVerify } from '@ton/crypto';
import { rawAddress } from './address.ts';
import { HIGHLOAD_DEFAULT_SUBWALLET_ID, HIGHLOAD_MAX_MESSAGES } from './limits.ts';
import { normalizedExternalHash, payoutWalletFromMnemonic } from './payout-wallet.ts';

export const HIGHLOAD_V3_CODE = Cell.fromHex(
  'b5ee9c7241021001000228000114ff00f4a413f4bcf2c80b01020120020d02014803040078d020d74bc00101c060b0915be101d0d3030171b0915be0fa4030f828c705b39130e0d31f018210ae42e5a4ba9d8040d721d74cf82a01ed55fb04e030020120050a02027306070011adce76a2686b85ffc00201200809001aabb6ed44d0810122d721d70b3f0018aa3bed44d08307d721d70b1f0201200b0c001bb9a6eed44d0810162d721d70b15800e5b8bf2eda2edfb21ab09028409b0ed44d0810120d721f404f404d33fd315d1058e1bf82325a15210b99f326df82305aa0015a112b992306dde923033e2923033e25230800df40f6fa19ed021d721d70a00955f037fdb31e09130e259800df40f6fa19cd001d721d70a00937fdb31e0915be270801f6f2d48308d718d121f900ed44d0d3ffd31ff404f404d33fd315d1f82321a15220b98e12336df82324aa00a112b9926d32de58f82301de541675f910f2a106d0d31fd4d307d30cd309d33fd315d15168baf2a2515abaf2a6f8232aa15250bcf2a304f823bbf2a35304800df40f6fa199d024d721d70a00f2649130e20e01fe5309800df40f6fa18e13d05004d718d20001f264c858cf16cf8301cf168e1030c824cf40cf8384095005a1a514cf40e2f800c94039800df41704c8cbff13cb1ff40012f40012cb3f12cb15c9ed54f80f21d0d30001f265d3020171b0925f03e0fa4001d70b01c000f2a5fa4031fa0031f401fa0031fa00318060d721d300010f0020f265d2000193d431d19130e272b1fb00b585bf03',
);
export const HIGHLOAD_V3_CODE_HASH = '11acad7955844090f283bf238bc1449871f783e7cc0979408d3f4859483e8525';
export const HIGHLOAD_INTERNAL_TRANSFER_OP = 0xae42e5a4;
/** query ids are 13-bit shift ++ 10-bit bit number (0..1022); the last is kept for emergencies */
export const HIGHLOAD_QUERY_SPACE = 8192 * 1023 - 1;
/** timeout is a 22-bit field */
export const HIGHLOAD_MAX_TIMEOUT = 2 ** 22 - 1;

export interface HighloadWalletKey {
  keyPair: KeyPair;
  /** raw `0:hex` */
  address: string;
  init: StateInit;
  subwalletId: number;
  /** seconds */
  timeout: number;
}

/** The n-th query id (n from 0), wrapping around the query space. */
export function highloadQueryId(n: number | bigint): number {
  const i = Number(BigInt(n) % BigInt(HIGHLOAD_QUERY_SPACE));
  return (Math.floor(i / 1023) << 10) | (i % 1023);
}

export function highloadWallet(
  publicKey: Buffer,
  p: { subwalletId?: number; timeout: number },
): { address: string; init: StateInit } {
  if (publicKey.length !== 32) throw new RangeError('a wallet public key is 32 bytes');
  if (!Number.isInteger(p.timeout) || p.timeout < 1 || p.timeout > HIGHLOAD_MAX_TIMEOUT) {
    throw new RangeError('the highload timeout is 1..2^22-1 seconds');
  }
  const data = beginCell()
    .storeBuffer(publicKey)
    .storeUint(p.subwalletId ?? HIGHLOAD_DEFAULT_SUBWALLET_ID, 32)
    .storeUint(0, 1 + 1 + 64)
    .storeUint(p.timeout, 22)
    .endCell();
  const init: StateInit = { code: HIGHLOAD_V3_CODE, data };
  const hash = beginCell().store(storeStateInit(init)).endCell().hash();
  return { address: rawAddress({ workchain: 0, hash }), init };
}

export async function highloadWalletFromMnemonic(
  mnemonic: string,
  p: { subwalletId?: number; timeout: number },
): Promise<HighloadWalletKey> {
  const { keyPair } = await payoutWalletFromMnemonic(mnemonic);
  return highloadWalletOfKey(keyPair, p);
}

export function highloadWalletOfKey(
  keyPair: KeyPair,
  p: { subwalletId?: number; timeout: number },
): HighloadWalletKey {
  const subwalletId = p.subwalletId ?? HIGHLOAD_DEFAULT_SUBWALLET_ID;
  return { keyPair, subwalletId, timeout: p.timeout, ...highloadWallet(keyPair.publicKey, p) };
}

export interface SignedBatch {
  /** the external message as a base64 BoC: recorded, then sent (and re-sent) as is */
  boc: string;
  /** hash of the message cell, lower-case hex */
  messageHash: string;
  /** TEP-467 normalised hash, lower-case hex */
  normalizedHash: string;
  queryId: number;
  /** unix seconds */
  createdAt: number;
}

/** The body of the internal message the wallet sends itself: its actions run when it arrives. */
export function internalTransferBody(messages: MessageRelaxed[], queryId: number): Cell {
  if (messages.length === 0 || messages.length > HIGHLOAD_MAX_MESSAGES) {
    throw new RangeError(`a batch holds 1..${HIGHLOAD_MAX_MESSAGES} messages`);
  }
  const actions: OutActionSendMsg[] = messages.map((outMsg) => ({
    type: 'sendMsg',
    mode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
    outMsg,
  }));
  return beginCell()
    .storeUint(HIGHLOAD_INTERNAL_TRANSFER_OP, 32)
    .storeUint(queryId, 64)
    .storeRef(beginCell().store(storeOutList(actions)).endCell())
    .endCell();
}

/**
 * Signs one batch. `internalValue` is what the wallet attaches to the message to itself, for the
 * gas of sending the actions; it comes back to the wallet with the message.
 */
export function signBatch(
  wallet: HighloadWalletKey,
  p: {
    queryId: number;
    createdAt: number;
    messages: MessageRelaxed[];
    internalValue: bigint;
    withInit: boolean;
  },
): SignedBatch {
  if (!Number.isInteger(p.queryId) || p.queryId < 0 || p.queryId >= 2 ** 23 || (p.queryId & 1023) > 1022) {
    throw new RangeError('not a highload query id');
  }
  const self = Address.parseRaw(wallet.address);
  const toSelf = internal({
    to: self,
    value: p.internalValue,
    bounce: true,
    body: internalTransferBody(p.messages, p.queryId),
  });
  const inner = beginCell()
    .storeUint(wallet.subwalletId, 32)
    .storeRef(beginCell().store(storeMessageRelaxed(toSelf)).endCell())
    .storeUint(SendMode.PAY_GAS_SEPARATELY, 8)
    .storeUint(p.queryId, 23)
    .storeUint(p.createdAt, 64)
    .storeUint(wallet.timeout, 22)
    .endCell();
  const body = beginCell()
    .storeBuffer(sign(inner.hash(), wallet.keyPair.secretKey))
    .storeRef(inner)
    .endCell();
  const msg = beginCell()
    .store(storeMessage(external({ to: self, body, ...(p.withInit ? { init: wallet.init } : {}) })))
    .endCell();
  return {
    boc: msg.toBoc().toString('base64'),
    messageHash: msg.hash().toString('hex'),
    normalizedHash: normalizedExternalHash(self, body).toString('hex'),
    queryId: p.queryId,
    createdAt: p.createdAt,
  };
}

export interface DecodedHighloadMessage {
  /** raw wallet the external message is for */
  wallet: string;
  init: StateInit | null;
  /** hash of the state_init (the address it deploys), when present */
  initHash: Buffer | null;
  signature: Buffer;
  signedHash: Buffer;
  subwalletId: number;
  sendMode: number;
  queryId: number;
  createdAt: number;
  timeout: number;
  /** the internal message to the wallet itself */
  toSelf: { to: string; value: bigint; op: number | null; queryId: bigint | null };
  /** what the internal transfer asks the wallet to send, in order */
  messages: { mode: number; message: MessageRelaxed; body: Cell }[];
  messageHash: string;
  normalizedHash: string;
}

const raw = (a: Address) => rawAddress({ workchain: a.workChain, hash: a.hash });

/** Reads a highload v3 external message back (for the fake toncenter and tests); throws when it is none. */
export function decodeHighloadExternal(boc: string): DecodedHighloadMessage {
  const cell = Cell.fromBase64(boc);
  const msg = loadMessage(cell.beginParse());
  if (msg.info.type !== 'external-in') throw new Error('not an external message');
  const body = msg.body.beginParse();
  const signature = body.loadBuffer(64);
  const inner = body.loadRef();
  body.endParse();
  const s = inner.beginParse();
  const subwalletId = s.loadUint(32);
  const toSelfMsg = loadMessageRelaxed(s.loadRef().beginParse());
  const sendMode = s.loadUint(8);
  const queryId = s.loadUint(23);
  const createdAt = Number(s.loadUintBig(64));
  const timeout = s.loadUint(22);
  s.endParse();
  if (toSelfMsg.info.type !== 'internal') throw new Error('the wallet may only send internal messages');
  const b = toSelfMsg.body.beginParse();
  let op: number | null = null;
  let innerQuery: bigint | null = null;
  let messages: DecodedHighloadMessage['messages'] = [];
  if (b.remainingBits >= 96 && b.remainingRefs === 1) {
    op = b.loadUint(32);
    innerQuery = b.loadUintBig(64);
    if (op === HIGHLOAD_INTERNAL_TRANSFER_OP) {
      messages = loadOutList(b.loadRef().beginParse()).map((a) => {
        if (a.type !== 'sendMsg') throw new Error('only message actions are expected');
        return { mode: a.mode, message: a.outMsg, body: a.outMsg.body };
      });
    }
  }
  const init = msg.init ?? null;
  return {
    wallet: raw(msg.info.dest),
    init,
    initHash: init ? beginCell().store(storeStateInit(init)).endCell().hash() : null,
    signature,
    signedHash: inner.hash(),
    subwalletId,
    sendMode,
    queryId,
    createdAt,
    timeout,
    toSelf: { to: raw(toSelfMsg.info.dest), value: toSelfMsg.info.value.coins, op, queryId: innerQuery },
    messages,
    messageHash: cell.hash().toString('hex'),
    normalizedHash: normalizedExternalHash(msg.info.dest, msg.body).toString('hex'),
  };
}

export function highloadSignatureHolds(m: DecodedHighloadMessage, publicKey: Buffer): boolean {
  return signVerify(m.signedHash, m.signature, publicKey);
}

/** The public key, subwallet id and timeout in a highload v3 wallet's data. */
export function highloadData(data: Cell): { publicKey: Buffer; subwalletId: number; timeout: number } {
  const s = data.beginParse();
  const publicKey = s.loadBuffer(32);
  const subwalletId = s.loadUint(32);
  s.loadMaybeRef();
  s.loadMaybeRef();
  s.skip(64);
  return { publicKey, subwalletId, timeout: s.loadUint(22) };
}

/** Whether a state_init is a highload v3 wallet's. */
export function isHighloadInit(init: StateInit | null): boolean {
  return !!init?.code && init.code.hash().toString('hex') === HIGHLOAD_V3_CODE_HASH;
}
