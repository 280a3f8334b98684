// What the simulator (packages/simulator) shares with the server, as `@pasarela/sandbox/simulatorSurface`:
// the controls the server's pages and settle calls drive, and the look of the bank pages both draw.
export { bankPageColourCss, pageThemeOf, type PageTheme } from './brand/bankPageLook';
export { BANK_PAGE_CLOSE_FIELD, escapeHtml } from './http/html';
export type { BankPageShown, ChallengeShown, SandboxControls } from './gateways/SandboxControls';
