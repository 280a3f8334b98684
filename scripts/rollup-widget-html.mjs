// The widget's HTML around the entry chunk: CSS inlined (one request fewer), modulepreload for the
// entry's static imports, the config placeholder, and manifest.json for the size report. The later
// styles become assets/later-[hash].css, whose address replaces LATER_STYLES_PLACEHOLDER.
import { readFileSync } from 'node:fs';

export const LATER_STYLES_PLACEHOLDER = '__PASARELA_LATER_STYLES__';

/**
 * An Escape pressed in the checkout before its script runs (the splash, a first screen waiting for its
 * code) is kept on the page; main.tsx closes for it, then takes the key over and clears this handler.
 * A form sent before it runs (Enter in the server-drawn amount or card form) is kept by its place among
 * the page's forms, for the app to send once it has the form (app/prerender.ts takeEarlyInput).
 * The one inline script of the page, allowed by its hash (packages/sandbox/src/http/widgetSecurity.ts).
 */
const EARLY_ESCAPE_SCRIPT =
  'onkeydown=e=>{e.key=="Escape"&&(document.documentElement.dataset.escaped="")};' +
  'onsubmit=e=>{e.preventDefault();document.documentElement.dataset.submitted=[...document.forms].indexOf(e.target)}';

export function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    // Only after a colon: before one a space is a descendant combinator (`.form :focus` is not `.form:focus`).
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

export function widgetHtml({ cssFile, laterCssFile, assetsBase }) {
  let laterRef;
  return {
    name: 'pasarela-widget-html',
    buildStart() {
      this.addWatchFile(cssFile);
      this.addWatchFile(laterCssFile);
      laterRef = this.emitFile({ type: 'asset', name: 'later.css', source: minifyCss(readFileSync(laterCssFile, 'utf8')) });
    },
    renderChunk(code) {
      if (!code.includes(LATER_STYLES_PLACEHOLDER)) return null;
      return { code: code.replaceAll(LATER_STYLES_PLACEHOLDER, `${assetsBase}${this.getFileName(laterRef)}`), map: null };
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === 'main');
      const boot = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === 'boot');
      if (!entry || !boot) this.error('widget build has no main or boot entry chunk');
      const staticImports = [];
      const visit = (fileName) => {
        const chunk = bundle[fileName];
        for (const imported of chunk.imports) {
          if (!staticImports.includes(imported)) {
            staticImports.push(imported);
            visit(imported);
          }
        }
      };
      visit(entry.fileName);
      const lazy = Object.values(bundle)
        .filter((f) => f.type === 'chunk' && f !== entry && f !== boot && !staticImports.includes(f.fileName))
        .map((f) => f.fileName);
      const css = minifyCss(readFileSync(cssFile, 'utf8'));
      const preload = staticImports.map((f) => `<link rel="modulepreload" href="${assetsBase}${f}">`).join('');
      const html =
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><script>${EARLY_ESCAPE_SCRIPT}</script>` +
        '<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">' +
        '<meta name="referrer" content="strict-origin"><meta name="color-scheme" content="light">' +
        '<title>Pasarela</title><!--pasarela-config-->' +
        `<style>${css}</style>${preload}` +
        `<script type="module" src="${assetsBase}${entry.fileName}" data-boot="${assetsBase}${boot.fileName}"></script>` +
        '</head><body><div id="root"></div></body></html>';
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html });
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.json',
        source: JSON.stringify({ entry: entry.fileName, boot: boot.fileName, staticImports, lazy, laterStyles: this.getFileName(laterRef) }, null, 2),
      });
    },
  };
}
