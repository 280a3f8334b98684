// `npm run vault`: the card vault alone (packages/vault), on VAULT_PORT (a free port by default,
// printed); its settings and keys as `npm start` makes them when not given (scripts/start.mjs).
process.argv.push('--vault');
await import('./start.mjs');
