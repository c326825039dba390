/**
 * Wallet connect (SPEC §4): ask the server for a proof payload, open the wallet list, and have the
 * server verify the ton_proof. After repeated failures the server wants a captcha solved first.
 */
import type {
  StartTransactionResponse,
  StartVerificationBody,
  TonCaptcha,
  TonProofBody,
  TonProofPayloadResponse,
  UncompletedCaptchaResponse,
} from '@pixel-wall/shared';
import { TON_PROOF_FAILED_TEXT } from '@pixel-wall/shared/core';
import { ApiError } from '../../api/errors.ts';
import type { AppThunk } from '../../store/index.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { fetchMe } from '../../store/userSlice.ts';
import { parseTonAddress } from './address.ts';
import type { InjectedWallet, TonWalletConnector, WalletConnection } from './connector.ts';

export type ConnectOutcome =
  | { kind: 'connected'; address: string }
  | { kind: 'closed' }
  /** the server wants this captcha answered for `address` before the next proof */
  | { kind: 'captcha'; captcha: TonCaptcha; address: string }
  /**
   * `message` is the server's text and `code` its error code (shown in the player's language), or
   * both null for the generic text
   */
  | { kind: 'failed'; reason: 'payload' | 'proof'; message: string | null; code?: string | null };

/** Whether two TON addresses (raw or user-friendly) name the same account. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = parseTonAddress(a);
  const y = parseTonAddress(b);
  if (!x || !y || x.workchain !== y.workchain) return false;
  return x.hash.every((byte, i) => byte === y.hash[i]);
}

export function proofBody(connection: WalletConnection): TonProofBody | null {
  const { account, proof } = connection;
  if (!proof || (account.chain !== '-239' && account.chain !== '-3')) return null;
  return {
    address: account.address,
    network: account.chain,
    public_key: account.publicKey,
    proof: { ...proof, state_init: account.walletStateInit },
  };
}

/** `via`: the injected wallet the player picked; without it TON Connect's list opens. */
export function connectWallet(
  connector: TonWalletConnector,
  via?: InjectedWallet,
): AppThunk<Promise<ConnectOutcome>> {
  return async (dispatch, _getState, { http }) => {
    let payload: string;
    try {
      payload = (await http.post<TonProofPayloadResponse>('/wallet/ton-proof/generate-payload')).payload;
    } catch {
      return { kind: 'failed', reason: 'payload', message: null };
    }
    let connection: WalletConnection | null;
    try {
      connection = await connector.connect(payload, via);
    } catch {
      return { kind: 'failed', reason: 'proof', message: null };
    }
    if (!connection) return { kind: 'closed' };
    const body = proofBody(connection);
    if (!body) {
      await connector.disconnect().catch(() => {});
      return { kind: 'failed', reason: 'proof', message: null };
    }
    try {
      await http.post('/wallet/ton-proof/check-proof', body);
    } catch (error) {
      await connector.disconnect().catch(() => {});
      if (error instanceof ApiError && error.code === 'CAPTCHA_REQUIRED') {
        try {
          const open = await http.get<UncompletedCaptchaResponse>('/wallet/ton-proof/uncompleted-captcha');
          if (open.captcha) return { kind: 'captcha', captcha: open.captcha, address: body.address };
        } catch {
          // fall through to the generic failure
        }
      }
      const message =
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.code !== 'RATE_LIMITED'
          ? error.message
          : null;
      const generic = message === null || message === TON_PROOF_FAILED_TEXT;
      return {
        kind: 'failed',
        reason: 'proof',
        message: generic ? null : message,
        code: generic || !(error instanceof ApiError) ? null : error.code,
      };
    }
    await dispatch(fetchMe());
    return { kind: 'connected', address: body.address };
  };
}

export type CaptchaOutcome =
  | { kind: 'solved' }
  /** `code`: the server's error code, when it sent one */
  | { kind: 'wrong'; message: string; code: string | null };

export function answerCaptcha(
  captcha: TonCaptcha,
  address: string,
  answer: string,
): AppThunk<Promise<CaptchaOutcome>> {
  return async (_dispatch, _getState, { http }) => {
    try {
      await http.post('/wallet/ton-proof/check-captcha', {
        wallet: address,
        captcha: answer,
        id: captcha.id,
      });
      return { kind: 'solved' };
    } catch (error) {
      return {
        kind: 'wrong',
        message: error instanceof Error ? error.message : String(error),
        code: error instanceof ApiError ? error.code : null,
      };
    }
  };
}

/**
 * Links a wallet the player has already proved (any spelling) without a new proof:
 * PUT /users/wallet/{address}. False when the server has no proof for it (WALLET_NOT_VERIFIED) or
 * the call fails, so the caller asks for a proof instead.
 */
export function relinkWallet(address: string): AppThunk<Promise<boolean>> {
  return async (dispatch, _getState, { http }) => {
    try {
      await http.put(`/users/wallet/${encodeURIComponent(address)}`);
    } catch {
      return false;
    }
    await dispatch(fetchMe());
    return true;
  };
}

/**
 * Unlinks the player's wallet on the server (DELETE /wallet) when one is linked and a player is
 * signed in, ends this browser's TON Connect session, then reloads the player (when signed in).
 */
export function disconnectWallet(connector: TonWalletConnector, linked: boolean): AppThunk<Promise<boolean>> {
  return async (dispatch, getState, { http }) => {
    const signedIn = selectSignedIn(getState());
    try {
      if (signedIn && linked) await http.request('/wallet', { method: 'DELETE' });
    } catch {
      return false;
    }
    await connector.disconnect().catch(() => {});
    if (signedIn) await dispatch(fetchMe());
    return true;
  };
}

/**
 * SPEC §7 POST /transactions/start `{buyerWallet}`: the wallet-verification transfer, for a wallet
 * connected in this browser that the server has not verified (its ton_proof failed or never came).
 * The server answers the memo and amount (`txMemCode`, `strAmount`) and the message; the wallet
 * sends it, and the server verifies and links the wallet once it sees the transfer come from it.
 * True when the wallet sent it.
 */
export function verifyByTransfer(connector: TonWalletConnector, address: string): AppThunk<Promise<boolean>> {
  return async (_dispatch, _getState, { http }) => {
    const body: StartVerificationBody = { buyerWallet: address };
    try {
      const started = await http.post<StartTransactionResponse>('/transactions/start', body);
      await connector.send({ validUntil: started.validUntil, messages: [started.message] });
      return true;
    } catch {
      return false;
    }
  };
}
