/** Web storage when the browser lets the frame use it (a sandboxed or privacy-mode frame may not). */
export function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const storage = window[kind];
    storage.getItem('pasarela');
    return storage;
  } catch {
    return null;
  }
}
