import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * A link to a page of this app, followed in the page (a modified click, or one meant for
 * another target, is left to the browser). react-router's own `Link` brings its prefetching
 * and route discovery for framework mode along, which this app does not use: about 4 KB of
 * gzip on every page (ADR 0027).
 */
export function SiteLink({
  to,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const href = useHref(to);
  const follow = useLinkClickHandler(to, { target: rest.target });
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    />
  );
}
