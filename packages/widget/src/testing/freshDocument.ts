// Files share their worker's window (isolate: false, half the CPU), so each starts from a fresh one's state.
import { beforeAll } from 'vitest';

beforeAll(() => {
  // A file that runs in node (the import graph's) has no window to reset.
  if (typeof document === 'undefined') return;
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});
