import { useDeferredValue } from 'react';
import { useBrowserLocation, useSearch } from 'wouter/use-browser-location';

// A screen change renders in the background (as React Router's navigations did, inside a transition): the tap
// on Next or Back paints at once, and the next screen renders in slices that never hold the phone's main
// thread for long. Path and search are deferred together, so a screen never sees one new and one old.

export const useDeferredLocation: typeof useBrowserLocation = (options) => {
  const [path, navigate] = useBrowserLocation(options);
  return [useDeferredValue(path), navigate];
};

export const useDeferredSearch: typeof useSearch = (options) => useDeferredValue(useSearch(options));
