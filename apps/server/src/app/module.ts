/**
 * The one shape of a server module. A module folder exposes `create<X>Module(deps)`: it builds the
 * feature's services from what the modules before it in app.ts's list hand over, and returns this.
 * The composition root (app.ts) drives every phase from its ordered list (see app/lifecycle.ts).
 */
import type { App } from '../http.ts';

export interface ServerModule {
  /** shows in logs and errors of the start and the shutdown */
  readonly name: string;
  /** Adds the module's routes (and its hooks) to the app; called in list order before the app is ready. */
  register?(app: App): void | Promise<void>;
  /** Once the app is ready, on every instance, in list order. */
  start?(): void | Promise<void>;
  /**
   * The cluster's background jobs: called with true when this instance takes the lead (at once when
   * there is no Redis) and with false when it loses it, in list order.
   */
  lead?(leading: boolean): void;
  /**
   * Shutdown, first phase, in list order while the HTTP server drains its in-flight requests:
   * finish the work that is under way (pending commits, the last frames to the sockets).
   */
  drain?(): Promise<void>;
  /** Shutdown, last phase, in reverse list order once every request has ended: release what it holds. */
  stop?(): void | Promise<void>;
}

/** A logger as the modules take it: the app's own (pino) fits. */
export interface ModuleLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * A fact one module announces and others act on, subscribed at construction: the announcing module
 * is built first and never needs to know who listens.
 */
export interface Signal<T> {
  emit(value: T): Promise<void>;
  subscribe(listener: (value: T) => Promise<void> | void): void;
}

export function createSignal<T>(): Signal<T> {
  const listeners: ((value: T) => Promise<void> | void)[] = [];
  return {
    async emit(value) {
      for (const listener of listeners) await listener(value);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
  };
}

/**
 * Checks a module against ServerModule while keeping what else it hands to the modules after it
 * (its services), which a plain annotation would hide.
 */
export function serverModule<T extends ServerModule>(module: T): T {
  return module;
}
