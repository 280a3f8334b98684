// The floor the open benches compare with (PRODUCT.md "Speed"): a bare iframe on another origin that
// makes one API call and then shows an input, opened by a merchant page on another site.
import { createServer } from 'node:http';

export async function startFloor() {
  const listen = (handler) =>
    new Promise((resolve) => {
      const server = createServer(handler);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const frameServer = await listen((req, res) => {
    if (req.url?.startsWith('/api')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ amount: 25, description: 'Benchmark' }));
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><meta charset="utf-8"><body><script>
fetch('/api/payment').then((r) => r.json()).then(() => {
  const input = document.createElement('input');
  input.name = 'cardnumber';
  document.body.append(input);
});
</script></body>`);
  });
  const frameOrigin = `http://localhost:${frameServer.address().port}`;
  const parentServer = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><meta charset="utf-8"><body><script>
window.Checkout = { open() { const f = document.createElement('iframe'); f.src = '${frameOrigin}/pf/widget'; document.body.append(f); } };
</script></body>`);
  });
  return {
    // The merchant page on another site than the frame, as in real life (see `shopUrl`).
    url: `http://127.0.0.1:${parentServer.address().port}/`,
    stop: () => { frameServer.close(); parentServer.close(); },
  };
}
