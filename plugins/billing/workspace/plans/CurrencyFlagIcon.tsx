/**
 * Small drawn flags for the currencies with a flag (CAD, USD, ZAR, AUD, GBP; shared/currency.ts): emoji
 * flags do not show on every system (Windows prints the letters, fontless Linux a box), drawings do.
 */
import type { ReactElement } from 'react';

function UnionJack({ w = 30, h = 20 }: { w?: number; h?: number }) {
  return (
    <g>
      <rect width={w} height={h} fill="#012169" />
      <path d={`M0,0 L${w},${h} M${w},0 L0,${h}`} stroke="#fff" strokeWidth={h / 5} />
      <path d={`M0,0 L${w},${h} M${w},0 L0,${h}`} stroke="#C8102E" strokeWidth={h / 15} />
      <path d={`M${w / 2},0 V${h} M0,${h / 2} H${w}`} stroke="#fff" strokeWidth={h / 3} />
      <path d={`M${w / 2},0 V${h} M0,${h / 2} H${w}`} stroke="#C8102E" strokeWidth={h / 5} />
    </g>
  );
}

const FLAGS: Record<string, () => ReactElement> = {
  USD: () => (
    <g>
      <rect width="30" height="20" fill="#fff" />
      {Array.from({ length: 7 }, (_, i) => (
        <rect key={i} y={(i * 2 * 20) / 13} width="30" height={20 / 13} fill="#B22234" />
      ))}
      <rect width="12" height={(7 * 20) / 13} fill="#3C3B6E" />
    </g>
  ),
  CAD: () => (
    <g>
      <rect width="30" height="20" fill="#fff" />
      <rect width="7.5" height="20" fill="#D52B1E" />
      <rect x="22.5" width="7.5" height="20" fill="#D52B1E" />
      <path
        d="M15,3.5 L16.3,6.3 L18,5.6 L17.4,9.2 L19.6,7.9 L20.2,9.3 L22,9 L21,11.4 L22,12 L18.4,14.4 L18.8,15.6 L15.4,15.1 L15.4,18 L14.6,18 L14.6,15.1 L11.2,15.6 L11.6,14.4 L8,12 L9,11.4 L8,9 L9.8,9.3 L10.4,7.9 L12.6,9.2 L12,5.6 L13.7,6.3 Z"
        fill="#D52B1E"
      />
    </g>
  ),
  GBP: () => <UnionJack />,
  AUD: () => (
    <g>
      <rect width="30" height="20" fill="#012169" />
      <svg width="15" height="10" viewBox="0 0 30 20">
        <UnionJack />
      </svg>
      <circle cx="7.5" cy="15" r="1.8" fill="#fff" />
      <circle cx="22.5" cy="4" r="1" fill="#fff" />
      <circle cx="19.5" cy="9" r="1" fill="#fff" />
      <circle cx="25.5" cy="8" r="1" fill="#fff" />
      <circle cx="22.5" cy="16" r="1.1" fill="#fff" />
    </g>
  ),
  ZAR: () => (
    <g>
      <rect width="30" height="10" fill="#E03C31" />
      <rect y="10" width="30" height="10" fill="#001489" />
      <path d="M0,0 L12,10 L0,20 Z" fill="#FFB612" />
      <path d="M0,0 L30,0 L30,6 L14,6 L0,-2 Z M0,20 L30,20 L30,14 L14,14 L0,22 Z" fill="#fff" />
      <path d="M0,1.5 L13,8 L30,8 L30,12 L13,12 L0,18.5 Z" fill="#007749" />
      <path d="M0,3.5 L9.5,10 L0,16.5 Z" fill="#000" />
    </g>
  ),
};

export function CurrencyFlagIcon({ currency, size = 18 }: { currency: string; size?: number }) {
  const draw = FLAGS[currency.trim().toUpperCase()];
  if (!draw) return null;
  return (
    <svg
      className="lci-flag"
      width={size}
      height={(size * 2) / 3}
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
    >
      {draw()}
      <rect width="30" height="20" fill="none" stroke="rgba(0,0,0,.2)" />
    </svg>
  );
}
