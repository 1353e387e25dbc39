import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';

/** docs/product.md#not-found: every change of location scrolls to the top. */
export function ScrollToTop() {
  const [pathname] = useLocation();
  const search = useSearch();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
