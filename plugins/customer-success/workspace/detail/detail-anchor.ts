/**
 * The detail page's tab anchor (#<tab id>): which tab the page opens with, and putting the shown tab on the URL
 * without a navigation. A plugin opening one of its tabs sets the anchor after navigating and announces it with a
 * hashchange (the page listens).
 */

/** The URL's anchor, or null. */
export function takeDetailAnchor(): string | null {
  const fromUrl = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
  return fromUrl || null;
}

/** Replaces the URL's anchor without a navigation (tab switches). */
export function setDetailAnchor(anchor: string | null): void {
  if (typeof window === 'undefined') return;
  const url = window.location.pathname + window.location.search + (anchor ? `#${anchor}` : '');
  if (url !== window.location.pathname + window.location.search + window.location.hash)
    window.history.replaceState(window.history.state, '', url);
}
