/**
 * The one session of an embedded database, shared by the serving process's
 * own queries and the clients it offers the database to (`lci` beside a
 * running server). PGlite runs one statement at a time but knows nothing of
 * who opened a transaction: without a gate a client's statement could land
 * inside a request's transaction, or the other way round. Whoever holds the
 * gate owns the session until they leave it outside a transaction: the
 * server's knex for one query or one transaction, a wire client from its
 * first message until PGlite reports the session idle again. FIFO, so
 * neither side starves the other.
 */
export class SessionGate {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  /** Waits for the session; the returned function gives it back (once). */
  async enter(): Promise<() => void> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held = true;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.held = false;
    };
  }

  /** Runs fn while holding the session. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const leave = await this.enter();
    try {
      return await fn();
    } finally {
      leave();
    }
  }

  get busy(): boolean {
    return this.held;
  }
}
