/** What the page's events ask of the check's state. */
export interface WindowEventHandlers {
  /** The connection is back. */
  online(): void;
  offline(): void;
  /** The page is being hidden or closed: write everything now. */
  leaving(): void;
  /** The page is shown again. */
  shown(): void;
  /** Another tab of this origin wrote the local cache (the event fires only in the other tabs). */
  otherTabChanged(): void;
}

/** Wires the browser's signals to `handlers`; gives the function that unwires them. */
export function attachWindowEvents(target: Window, cacheKey: string, handlers: WindowEventHandlers): () => void {
  const online = () => handlers.online();
  const offline = () => handlers.offline();
  const visibility = () => {
    if (target.document.visibilityState === 'hidden') handlers.leaving();
    else handlers.shown();
  };
  const pagehide = () => handlers.leaving();
  const storage = (event: StorageEvent) => {
    if (event.key === cacheKey || event.key === null) handlers.otherTabChanged();
  };
  target.addEventListener('storage', storage);
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  target.addEventListener('pagehide', pagehide);
  target.document.addEventListener('visibilitychange', visibility);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
    target.removeEventListener('pagehide', pagehide);
    target.removeEventListener('storage', storage);
    target.document.removeEventListener('visibilitychange', visibility);
  };
}
