/**
 * Test support: a real v4R2 wallet state_init around a fresh Ed25519 key, and ton_proofs signed
 * with it, so the checks that old published vectors cannot exercise (freshness, domain, payload)
 * are tested with genuine signatures. Not used by the running server.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { beginCell, Cell, loadStateInit, storeStateInit } from '@ton/core';
import { rawAddress } from './address.ts';
import { type TonProofInput, tonProofMessage, tonProofSignedHash } from './proof.ts';

/** The v4R2 wallet code, taken from the TON docs' published state_init (vectors/ton-proof-tondocs-v4r2). */
const V4R2_STATE_INIT =
  'te6cckECFgEAAwQAAgE0ARUBFP8A9KQT9LzyyAsCAgEgAxACAUgEBwLm0AHQ0wMhcbCSXwTgItdJwSCSXwTgAtMfIYIQcGx1Z70ighBkc3RyvbCSXwXgA/pAMCD6RAHIygfL/8nQ7UTQgQFA1yH0BDBcgQEI9ApvoTGzkl8H4AXTP8glghBwbHVnupI4MOMNA4IQZHN0crqSXwbjDQUGAHgB+gD0BDD4J28iMFAKoSG+8uBQghBwbHVngx6xcIAYUATLBSbPFlj6Ahn0AMtpF8sfUmDLPyDJgED7AAYAilAEgQEI9Fkw7UTQgQFA1yDIAc8W9ADJ7VQBcrCOI4IQZHN0coMesXCAGFAFywVQA88WI/oCE8tqyx/LP8mAQPsAkl8D4gIBIAgPAgEgCQ4CAVgKCwA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYAIBIAwNABmtznaiaEAga5Drhf/AABmvHfaiaEAQa5DrhY/AABG4yX7UTQ1wsfgAWb0kK29qJoQICga5D6AhhHDUCAhHpJN9KZEM5pA+n/mDeBKAG3gQFImHFZ8xhAT48oMI1xgg0x/TH9MfAvgju/Jk7UTQ0x/TH9P/9ATRUUO68qFRUbryogX5AVQQZPkQ8qP4ACSkyMsfUkDLH1Iwy/9SEPQAye1U+A8B0wchwACfbFGTINdKltMH1AL7AOgw4CHAAeMAIcAC4wABwAORMOMNA6TIyx8Syx/L/xESExQAbtIH+gDU1CL5AAXIygcVy//J0Hd0gBjIywXLAiLPFlAF+gIUy2sSzMzJc/sAyEAUgQEI9FHypwIAcIEBCNcY+gDTP8hUIEeBAQj0UfKnghBub3RlcHSAGMjLBcsCUAbPFlAE+gIUy2oSyx/LP8lz+wACAGyBAQjXGPoA0z8wUiSBAQj0WfKnghBkc3RycHSAGMjLBcsCUAXPFlAD+gITy2rLHxLLP8lz+wAACvQAye1UAFEAAAAAKamjFyM60x2mt5eboNyOTE+5RGOe9Ee2rK1Qcb+0ZuiP9vb7QJRlz/c=';
const SUBWALLET_ID = 698_983_191;

export interface TestWallet {
  /** raw `0:hex` */
  address: string;
  publicKey: string;
  stateInit: string;
  privateKey: KeyObject;
}

/**
 * A wallet around a fresh key: v4R2, or with `unknownCode` a contract outside the known wallets
 * (its key readable only through a `get_public_key` get-method).
 */
export function makeTestWallet(opts: { unknownCode?: boolean } = {}): TestWallet {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const code = opts.unknownCode
    ? beginCell().storeUint(0xc0de, 16).storeBuffer(pub.subarray(0, 4)).endCell()
    : loadStateInit(Cell.fromBase64(V4R2_STATE_INIT).beginParse()).code!;
  const data = beginCell()
    .storeUint(0, 32)
    .storeUint(SUBWALLET_ID, 32)
    .storeBuffer(pub)
    .storeBit(false)
    .endCell();
  const init = beginCell().store(storeStateInit({ code, data })).endCell();
  return {
    address: rawAddress({ workchain: 0, hash: init.hash() }),
    publicKey: pub.toString('hex'),
    stateInit: init.toBoc().toString('base64'),
    privateKey,
  };
}

export function signTonProof(
  wallet: TestWallet,
  p: {
    domain: string;
    payload: string;
    timestamp: number;
    network?: '-239' | '-3';
    /** sign with this key instead of the wallet's own */
    signer?: KeyObject;
  },
): TonProofInput & { network: '-239' | '-3' } {
  const [wc, hex] = wallet.address.split(':');
  const proof = { timestamp: p.timestamp, domain: { value: p.domain }, payload: p.payload };
  const signed = tonProofSignedHash(
    tonProofMessage({ workchain: Number(wc), hash: Buffer.from(hex!, 'hex') }, proof),
  );
  const signature = sign(null, signed, p.signer ?? wallet.privateKey);
  return {
    address: wallet.address,
    network: p.network ?? '-239',
    public_key: wallet.publicKey,
    proof: {
      timestamp: p.timestamp,
      domain: { lengthBytes: Buffer.byteLength(p.domain, 'utf8'), value: p.domain },
      signature: signature.toString('base64'),
      payload: p.payload,
      state_init: wallet.stateInit,
    },
  };
}
