/**
 * The height that makes a box end at the bottom of the page's scroll area (the shell's main area, less its padding):
 * the table's greatest height, so a long table fills the page with its horizontal scrollbar in view and its rows use
 * the space there is. Measured again when the window or the page's content above the box changes size.
 */
import { useLayoutEffect, useState } from 'react';

/** `el`: the box (null until it is rendered). */
export function useFillHeight(el: HTMLElement | null, enabled: boolean, min = 240): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!enabled || !el) return;
    const scroller = el.closest<HTMLElement>('.lci-main');
    const measure = () => {
      const top = el.getBoundingClientRect().top + (scroller?.scrollTop ?? 0);
      const bottom = scroller
        ? scroller.getBoundingClientRect().bottom - parseFloat(getComputedStyle(scroller).paddingBottom || '0')
        : window.innerHeight - 16;
      setHeight(Math.max(min, Math.floor(bottom - top)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el.closest('.lci-page') ?? document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [el, enabled, min]);
  return height;
}
