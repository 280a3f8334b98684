export function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    const storage = window[kind];
    storage.getItem('pasarela');
    return storage;
  } catch {
    return null;
  }
}
