/** Escapes text for HTML element content and quoted attributes (the server-drawn pages and e-mails). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
