import net from 'node:net';
import { createDatabase } from '@gym/db';

/** A port that accepts connections and never answers, so acquiring a connection times out. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, close };
}

describe('test runs without knex noise', () => {
  test('a connection that cannot be acquired throws to the caller, and knex prints no "Acquire connection error"', async () => {
    const server = await silentServer();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const db = createDatabase({ url: `postgres://nobody@127.0.0.1:${server.port}/x`, timeoutMs: 300 });
    try {
      await expect(db.raw('select 1')).rejects.toThrow(/Timeout acquiring a connection/);
      const printed = [...warn.mock.calls, ...log.mock.calls].flat().map(String);
      expect(printed.filter((line) => line.includes('Acquire connection error'))).toEqual([]);
    } finally {
      warn.mockRestore();
      log.mockRestore();
      await db.destroy();
      await server.close();
    }
  });
});
