/** How a navigation is performed; tests swap it to observe navigations without a real browser. */
export type Navigator = (path: string, options: { replace: boolean }) => void;

const browserNavigator: Navigator = (path, { replace }) => {
  if (replace) window.location.replace(path);
  else window.location.assign(path);
};

let current: Navigator = browserNavigator;

/** Goes to another page; `replace` keeps the current page out of the history. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  current(path, { replace: options.replace ?? false });
}

/** Swaps the navigator (null restores the browser one); returns a function undoing the swap. */
export function setNavigator(navigator: Navigator | null): () => void {
  const previous = current;
  current = navigator ?? browserNavigator;
  return () => {
    current = previous;
  };
}
