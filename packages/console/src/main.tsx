import { createRoot } from 'react-dom/client';
import { AdminError, createAdminApi } from './api/adminApi';
import { saveAdminToken, takeAdminToken } from './api/adminToken';
import { changeLanguage, consoleLanguage, pickLanguage } from './i18n/i18n';
import { connectLive, livePushUrl } from './live/connectLive';
import { createConsoleStore } from './store/consoleStore';
import { App } from './ui/App';
import { TokenForm } from './ui/TokenForm';

const LANG_KEY = 'pasarela-console-lang';

function tabStorage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

function savedLanguage(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const lang = pickLanguage(location.search, savedLanguage());
  await changeLanguage(lang);
  // In memory for this page, and in this tab's session storage (docs/api.md "Who may call what").
  let adminToken = takeAdminToken(location, tabStorage(), (url) => history.replaceState(null, '', url));
  const api = createAdminApi(new URL('/sandbox/', location.href).href, undefined, () => adminToken, consoleLanguage);
  const root = document.getElementById('console-root');
  if (!root) return;
  const reactRoot = createRoot(root);
  // A sandbox beyond loopback wants the token: ask for it before anything else is shown.
  const refused = async () => {
    try {
      await api.listMerchants();
      return false;
    } catch (error) {
      return error instanceof AdminError && error.status === 401;
    }
  };
  if (await refused()) {
    const rejected = adminToken !== null;
    await new Promise<void>((resolve) => {
      reactRoot.render(<TokenForm rejected={rejected} onToken={(token) => {
        adminToken = token;
        saveAdminToken(tabStorage(), token);
        resolve();
      }} />);
    });
    if (await refused()) {
      // Wrong token: forget it and ask again.
      saveAdminToken(tabStorage(), '');
      location.reload();
      return;
    }
  }
  const store = createConsoleStore(api);
  const saveLang = (next: string) => {
    try {
      localStorage.setItem(LANG_KEY, next);
    } catch {
      // private mode: the choice lasts this page only
    }
  };
  reactRoot.render(<App store={store} api={api} initialLang={lang} saveLang={saveLang} />);
  let connectedBefore = false;
  connectLive(livePushUrl(location, adminToken), {
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
