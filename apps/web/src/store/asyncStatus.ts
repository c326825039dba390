/** Every asynchronous load moves through these four states (SPEC §4). */
export type AsyncStatus = 'idle' | 'pending' | 'fulfilled' | 'rejected';
