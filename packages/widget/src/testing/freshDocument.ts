// The widget project's setup file, run before each test file. The project's files share their
// worker's process and happy-dom window (isolate: false in vitest.config.ts, half the CPU of a
// process per file), so each file starts from what a fresh window would have: an empty document
// without a language or direction, no storage, and the address at the root.
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
