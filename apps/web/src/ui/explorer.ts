/** A transaction on a public TON explorer; hashes may come as hex or base64. */
export function explorerUrl(hash: string): string {
  return `https://tonviewer.com/transaction/${encodeURIComponent(hash)}`;
}
