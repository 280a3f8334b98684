import { createRoot } from 'react-dom/client';
import { createAdminApi } from './api/adminApi';
import { changeLanguage, pickLanguage, startI18n } from './i18n/i18n';
import { connectLive, livePushUrl } from './live/connectLive';
import { createConsoleStore } from './store/consoleStore';
import { App } from './ui/App';

const LANG_KEY = 'pasarela-console-lang';

function savedLanguage(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const lang = pickLanguage(location.search, savedLanguage());
  await startI18n(lang);
  await changeLanguage(lang);
  const api = createAdminApi(new URL('/sandbox/', location.href).href);
  const store = createConsoleStore(api);
  const root = document.getElementById('console-root');
  if (!root) return;
  const saveLang = (next: string) => {
    try {
      localStorage.setItem(LANG_KEY, next);
    } catch {
      // private mode: the choice lasts this page only
    }
  };
  createRoot(root).render(<App store={store} api={api} initialLang={lang} saveLang={saveLang} />);
  let connectedBefore = false;
  connectLive(livePushUrl(location), {
    onMessage: (message) => store.getState().onLive(message),
    onLive: (live) => {
      store.getState().setLive(live);
      // After a gap, changes may have been missed: read everything again.
      if (live && connectedBefore) void store.getState().start();
      if (live) connectedBefore = true;
    },
  });
  await store.getState().start();
}

void start();
