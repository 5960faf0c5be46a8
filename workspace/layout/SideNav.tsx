import { Icon } from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'wouter';
import { findRoute, navIconFor } from '../registry';
import { currentModuleViewAtom, navAtom } from '../state/atoms';
import { buildNavTree, type NavNode } from './nav-tree';

const iconOf = (url: string, icon: string | null): string | undefined => {
  const name = icon ?? navIconFor(url);
  return name && Icons.isValidIconName(name) ? name : undefined;
};

function Entry({ node, path }: { node: NavNode; path: string }) {
  const { item, children } = node;
  const active = path.toLowerCase() === item.url.toLowerCase();
  const icon = iconOf(item.url, item.icon);
  // A parent without a page of its own is a group label, not a link.
  if (children.length > 0 && !findRoute(item.url)) {
    return (
      <li>
        <span className="lci-nav-group">
          {icon && <Icon icon={icon as never} size={14} aria-hidden />}
          <span>{item.title}</span>
        </span>
        <ul aria-label={item.title}>
          {children.map((c) => (
            <Entry key={c.item.url} node={c} path={path} />
          ))}
        </ul>
      </li>
    );
  }
  return (
    <li>
      <Link
        href={item.url}
        className={`lci-nav-link${active ? ' lci-active' : ''}${item.level > 1 ? ' lci-nav-child' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        {icon && <Icon icon={icon as never} size={14} aria-hidden />}
        <span>{item.title}</span>
      </Link>
      {children.length > 0 && (
        <ul>
          {children.map((c) => (
            <Entry key={c.item.url} node={c} path={path} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function SideNav() {
  const nav = useAtomValue(navAtom);
  const view = useAtomValue(currentModuleViewAtom);
  const [path] = useLocation();
  const tree = buildNavTree(nav?.navItems ?? [], view);
  return (
    <nav aria-label="Main navigation" className="lci-sidenav">
      {nav === null ? (
        <p className="bp6-text-muted lci-pad">Loading navigation…</p>
      ) : tree.length === 0 ? (
        <p className="bp6-text-muted lci-pad">No pages are available for your security group.</p>
      ) : (
        <ul>
          {tree.map((n) => (
            <Entry key={n.item.url} node={n} path={path} />
          ))}
        </ul>
      )}
    </nav>
  );
}
