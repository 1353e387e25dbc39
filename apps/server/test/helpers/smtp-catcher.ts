import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A real SMTP server on loopback that accepts every mail and keeps it, parsed, to be read back; it can be stopped
 * and started again on the same port, as an SMTP server that went down and came back.
 */
export async function smtpCatcher() {
  const mails: ParsedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;
  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            mails.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    const s = server;
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.server.address() as { port: number }).port;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await start();
  return {
    mails,
    url: () => `smtp://127.0.0.1:${port}`,
    start,
    stop,
    /** The mails sent to `address` so far. */
    to: (address: string) => mails.filter((m) => m.to && JSON.stringify(m.to).includes(address)),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof smtpCatcher>>;
