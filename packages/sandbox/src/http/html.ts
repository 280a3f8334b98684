/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A small self-contained page for the sandbox's stand-ins (3DS, Clave bank page). */
export function sandboxPage(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f6fb;color:#1b2230}
main{background:#fff;border-radius:12px;padding:24px;max-width:420px;box-shadow:0 2px 12px #0002}
h1{font-size:1.25rem;margin:0 0 8px}.sandbox{font-size:.8rem;color:#8a5a00;background:#fff4d6;padding:2px 8px;border-radius:6px}
form{display:inline}button{font:inherit;padding:10px 18px;border-radius:8px;border:1px solid #0b5fff;margin:12px 8px 0 0;cursor:pointer}
button.approve{background:#0b5fff;color:#fff}button.fail{background:#fff;color:#b00020;border-color:#b00020}
button:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}</style></head>
<body><main>${bodyHtml}</main></body></html>`;
}
