// A round-robin HTTP proxy for the browser tests on PostgreSQL: each
// request goes to the next instance, with X-Forwarded-For as a load
// balancer sets it, and its answer (a live stream included) is piped back.
// Not a test file: node --test runs only *.test.mjs.
import http from 'node:http';

/** Starts the proxy on a free port in front of upstreams; resolves to { url, stop }. */
export async function startBalancer(upstreams) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const target = new URL(upstreams[next++ % upstreams.length]);
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress.replace(/^::ffff:/, '') };
    const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (ures) => {
      res.writeHead(ures.statusCode, ures.rawHeaders);
      ures.pipe(res);
    });
    up.on('error', (e) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`instance injoignable : ${e.message}`);
    });
    req.pipe(up);
    res.on('close', () => up.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
      agent.destroy();
    }),
  };
}
