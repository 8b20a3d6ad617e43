import net from 'node:net';
import os from 'node:os';
import { localAddressToward, metricsListenAddress } from './metrics.server';

/** This machine's own addresses that are not loopback (a container's eth0, a laptop's Wi-Fi). */
const outward = Object.values(os.networkInterfaces())
  .flat()
  .filter((i) => i !== undefined && !i.internal && i.family === 'IPv4')
  .map((i) => i!.address);

describe('METRICS_HOST=private: the address this container reaches PostgreSQL from', () => {
  test('toward loopback, loopback', async () => {
    expect(await localAddressToward('127.0.0.1', 5432)).toBe('127.0.0.1');
    expect(['127.0.0.1', '::1']).toContain(await localAddressToward('localhost', 5432));
  });

  (outward.length ? test : test.skip)('toward another interface, that interface: not every one', async () => {
    expect(await localAddressToward(outward[0]!, 5432)).toBe(outward[0]);
  });

  test('a name that does not resolve is an error, not every interface', async () => {
    await expect(localAddressToward('no-such-host.invalid', 5432)).rejects.toThrow(/ENOTFOUND|EAI_AGAIN/);
  });

  test('unset: every interface; an address: that one; private: the one toward PostgreSQL', async () => {
    expect(await metricsListenAddress(null)).toBeUndefined();
    expect(await metricsListenAddress({ address: '10.20.0.5' })).toBe('10.20.0.5');
    expect(await metricsListenAddress({ reach: { host: '127.0.0.1', port: 5432 } })).toBe('127.0.0.1');
  });

  (outward.length ? test : test.skip)(
    'listening there, the port is not reached through another interface',
    async () => {
      const host = await metricsListenAddress({ reach: { host: '127.0.0.1', port: 5432 } });
      const server = net.createServer((socket) => socket.end());
      await new Promise<void>((resolve) => server.listen({ port: 0, host }, resolve));
      const { port } = server.address() as net.AddressInfo;
      const reach = (address: string) =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect({ host: address, port }, () => resolve(socket.destroy() && true));
          socket.on('error', () => resolve(false));
        });
      try {
        expect(await reach('127.0.0.1')).toBe(true);
        expect(await reach(outward[0]!)).toBe(false);
      } finally {
        server.close();
      }
    },
  );
});
