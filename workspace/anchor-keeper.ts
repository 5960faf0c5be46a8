/**
 * Anchors (#stackAlignment) of locations the user asked for, kept across the shell's own hops. A deep link
 * opened by a full page load passes /initializer (the session loads) before the page it names is shown, and the
 * guard works on path and query only; the anchor asked for is put back when that very location is committed.
 * Pure, for nav.ts.
 */
const TRANSIT = ['/initializer', '/authed', '/signin'];

export class AnchorKeeper {
  private wanted: { at: string; hash: string } | null = null;

  /** A location (path + query) was asked for with this anchor ('' or '#' for none). */
  ask(at: string, hash: string): void {
    this.wanted = hash && hash !== '#' ? { at, hash: hash.startsWith('#') ? hash : `#${hash}` } : null;
  }

  /**
   * The anchor to show when `at` (path + query) is committed while the browser shows `current`: the one asked for
   * when it is that location; otherwise the current anchor when the location does not change, else none. Another
   * location that is no transit page (the user went elsewhere) forgets the anchor asked for.
   */
  anchorFor(at: string, current: { at: string; hash: string }): string {
    if (this.wanted && this.wanted.at === at) {
      const { hash } = this.wanted;
      this.wanted = null;
      return hash;
    }
    const path = at.split('?')[0].toLowerCase();
    if (this.wanted && !TRANSIT.includes(path)) this.wanted = null;
    return current.at === at ? current.hash : '';
  }
}
