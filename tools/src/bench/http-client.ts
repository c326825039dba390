/**
 * The HTTP paint load's client: HTTP/1.1 over keep-alive `net` sockets, one request in flight per
 * connection, requests written as one string and replies read with just enough parsing to find
 * their end (status line, `content-length`, `connection: close`).
 *
 * Why not node:http: the load generator shares the machine's two cores with the server, and
 * node:http's client (an agent, a request object with its own streams, header objects, a parser
 * per socket) cost ~0.1–0.2 ms of CPU a request: about a third of both cores at the bench's
 * request rates, taken from the server it measures. This client does the same closed loop for a
 * fraction of that (BENCHMARKS.md, "The HTTP load's own cost"). It speaks only what the bench needs
 * of the server's replies: a body with a `content-length`. A chunked reply (which the server never
 * sends to this route) fails its request and closes its connection rather than be misread.
 */
import net from 'node:net';

export interface HttpReply {
  /** the status code; 0 when the request failed in transport (text says why) */
  status: number;
  /** the body, or the transport error */
  text: string;
}

/**
 * Reads replies out of a byte stream: `push` each chunk as it arrives; every complete reply is
 * handed to `onReply`, in order. Exported for its test.
 */
export class ReplyReader {
  private buf: Buffer | null = null;

  constructor(private readonly onReply: (reply: HttpReply, close: boolean) => void) {}

  /** Returns an error message when the stream cannot be read on (the connection must close). */
  push(chunk: Buffer): string | null {
    let buf = this.buf ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      const headEnd = buf.indexOf('\r\n\r\n');
      if (headEnd < 0) break;
      const head = buf.toString('latin1', 0, headEnd).toLowerCase();
      if (!head.startsWith('http/1.')) return `not an HTTP/1 reply: ${JSON.stringify(head.slice(0, 40))}`;
      const status = Number(head.slice(9, 12));
      const length = headerValue(head, 'content-length');
      if (length === null) {
        return headerValue(head, 'transfer-encoding')
          ? 'chunked reply (not read by this client)'
          : 'reply without content-length';
      }
      const size = Number(length);
      if (!Number.isSafeInteger(size) || size < 0) return `bad content-length ${JSON.stringify(length)}`;
      const bodyStart = headEnd + 4;
      if (buf.length < bodyStart + size) break;
      const close = headerValue(head, 'connection') === 'close';
      this.onReply({ status, text: buf.toString('utf8', bodyStart, bodyStart + size) }, close);
      buf = buf.subarray(bodyStart + size);
      if (buf.length === 0) break;
    }
    this.buf = buf.length > 0 ? buf : null;
    return null;
  }
}

/** The value of a header in a lower-cased head, trimmed; null when absent. */
function headerValue(head: string, name: string): string | null {
  const at = head.indexOf(`\r\n${name}:`);
  if (at < 0) return null;
  const from = at + name.length + 3;
  const end = head.indexOf('\r\n', from);
  return head.slice(from, end < 0 ? head.length : end).trim();
}

/** One keep-alive connection carrying one request at a time; reconnects after a close or an error. */
export class HttpConnection {
  private socket: net.Socket | null = null;
  private waiting: ((reply: HttpReply) => void) | null = null;
  private readonly host: string;

  constructor(private readonly url: URL) {
    this.host = url.host;
  }

  /** Sends one request; resolves with its reply (never rejects: a transport error is status 0). */
  request(method: string, path: string, headers: string, body: string): Promise<HttpReply> {
    if (this.waiting) return Promise.resolve({ status: 0, text: 'a request is already in flight' });
    return new Promise((resolve) => {
      this.waiting = resolve;
      const socket = this.socket ?? this.connect();
      socket.write(
        `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.url.hostname, port: Number(this.url.port || 80) });
    socket.setNoDelay(true);
    const reader = new ReplyReader((reply, close) => {
      if (close) this.drop(socket);
      this.settle(reply);
    });
    socket.on('data', (chunk: Buffer) => {
      const failed = reader.push(chunk);
      if (failed) {
        this.drop(socket);
        this.settle({ status: 0, text: failed });
      }
    });
    const gone = (why: string) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.settle({ status: 0, text: why });
    };
    socket.on('error', (err) => gone(err.message));
    socket.on('close', () => gone('connection closed'));
    this.socket = socket;
    return socket;
  }

  private drop(socket: net.Socket): void {
    if (this.socket === socket) this.socket = null;
    socket.destroy();
  }

  private settle(reply: HttpReply): void {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.(reply);
  }
}
