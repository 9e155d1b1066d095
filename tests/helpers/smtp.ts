import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, parsed. `stop()` and `start()`
 * on the same port simulate an outage.
 */
export async function startSmtpServer(port = 0) {
  const received: ParsedMail[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Do not wait the default 30 s for clients to leave when a test stops the server.
      closeTimeout: 200,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(boundPort, '127.0.0.1', () => resolve());
    });
    boundPort = (server.server.address() as { port: number }).port;
  }

  async function stop() {
    if (!server) return;
    const s = server;
    server = null;
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    start,
    stop,
  };
}
