// `npm run simulator`: the simulated processors alone (packages/simulator), on SIMULATOR_PORT
// (a free port by default, printed), for servers started with PROCESSORS_URL pointing at it.
process.argv.push('--simulator');
await import('./start.mjs');
