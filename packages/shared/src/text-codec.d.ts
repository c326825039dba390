// TextEncoder/TextDecoder exist in every runtime we target (browsers, Node); the ES lib lacks them
// and this package must not pull in DOM or Node types.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}
