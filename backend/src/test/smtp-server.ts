import net from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives; `refuse` answers every recipient with
 * that code: 550 (no such mailbox, for good) or 451 (try again later).
 */
export async function startSmtp(options: { refuse?: 550 | 451 } = {}) {
  const received: Received[] = [];
  const handlers: Partial<SMTPServerOptions> = {
    onRcptTo(_address, _session, callback) {
      if (!options.refuse) return callback();
      const text = options.refuse === 451 ? 'Probá más tarde' : 'Buzón inexistente';
      callback(Object.assign(new Error(text), { responseCode: options.refuse }));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  };
  // Closing drops a client still connected after its test (a refused send leaves nodemailer's open) at once.
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 200,
    ...handlers,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: the SMTP server is down. */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
