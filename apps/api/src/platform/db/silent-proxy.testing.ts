import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy in front of a PostgreSQL server, for a test to make the database host go silent: `silence()`
 * keeps accepting connections and holding every socket, old and new, but forwards nothing either way (no
 * answer, no reset, as a host cut off by the network). After `resume()` new connections are forwarded
 * again; those of the silent time stay silent, as flows a firewall forgot.
 */
export interface SilentProxy {
  /** `url` with the proxy's host and port in place of the server's. */
  url: string;
  silence(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function silentProxy(serverUrl: string): Promise<SilentProxy> {
  const target = new URL(serverUrl);
  const sockets = new Set<Socket>();
  const pairs = new Set<{ dead: boolean }>();
  let silent = false;
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    keep(client);
    const pair = { dead: silent };
    pairs.add(pair);
    if (pair.dead) {
      client.resume();
      return;
    }
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    keep(upstream);
    const forward = (from: Socket, to: Socket) => {
      from.on('data', (chunk) => {
        if (!pair.dead) to.write(chunk);
      });
      from.on('close', () => {
        if (!pair.dead) to.destroy();
      });
    };
    forward(client, upstream);
    forward(upstream, client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    silence: () => {
      silent = true;
      for (const pair of pairs) pair.dead = true;
    },
    resume: () => {
      silent = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
