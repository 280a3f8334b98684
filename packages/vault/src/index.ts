// The vault started from code (tests, several nodes on one store), and in a process of its own (main.ts).
export { startVault, type RunningVault, type VaultOptions } from './startVault';
export { connectPostgres, openPglite, openPostgres, type VaultDatabase } from './vaultDatabase';
export { parseMasterKeys } from './keyring';
