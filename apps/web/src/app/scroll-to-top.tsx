import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec section 2: every change of location scrolls to the top. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
