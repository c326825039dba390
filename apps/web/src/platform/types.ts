/** What the app needs from its host: the Telegram Mini App or a plain browser tab. */
export type PlatformKind = 'telegram' | 'web';

export type HapticKind = 'light' | 'medium' | 'heavy' | 'success' | 'error' | 'warning' | 'selection';

/** Outcome of a Stars invoice; `unsupported` outside the Mini App. */
export type InvoiceOutcome = 'paid' | 'cancelled' | 'failed' | 'pending' | 'unsupported';

export interface BackButtonControl {
  show(): void;
  hide(): void;
  /** Returns a function that removes the listener. */
  onClick(fn: () => void): () => void;
}

export interface Platform {
  readonly kind: PlatformKind;
  /** Raw Mini App init data (query string) sent to the server as proof of identity. */
  readonly initDataRaw: string | null;
  /** Launch parameter (`startapp`), e.g. `f123_s45`. */
  readonly startParam: string | null;
  /** The Telegram user's IETF language tag, if known. */
  readonly languageCode: string | null;
  /** Mini Apps API version of the Telegram client, e.g. `8.0`. */
  readonly version: string | null;
  readonly backButton: BackButtonControl;
  haptic(kind: HapticKind): void;
  cloudGet(key: string): Promise<string | null>;
  cloudSet(key: string, value: string): Promise<void>;
  /** Opens an external or t.me link without leaving the app where the host allows it. */
  openLink(url: string): void;
  share(url: string, text?: string): void;
  openInvoice(url: string): Promise<InvoiceOutcome>;
}
