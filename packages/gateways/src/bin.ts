import { main } from './cli';

// Ends the process: an adapter's open sockets (a client's keep-alive pool) would keep it running.
main(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
