import net from 'node:net';

/**
 * A TCP proxy between the app and its database that a test can cut and mend: cutting drops every open
 * connection and refuses new ones (as a stopped or unreachable server does), mending accepts again.
 */
export function cable(target: { host: string; port: number }, listenPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;

  const mend = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          socket.on('error', drop);
          socket.on('close', drop);
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(listenPort, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });

  const cut = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  return {
    mend,
    cut,
    url: (base: string) => {
      const url = new URL(base);
      url.hostname = '127.0.0.1';
      url.port = String(listenPort);
      return url.toString();
    },
  };
}
