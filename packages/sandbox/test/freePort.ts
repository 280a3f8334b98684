// A port nothing listens on now, for a server a test starts, and never one this process handed out
// before (a server's port and its demo port once came out the same).
export { freePort } from '../../../scripts/sandbox-process.mjs';
