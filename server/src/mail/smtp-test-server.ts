import { createServer, type Socket } from 'node:net';

// Tests only: a tiny SMTP server on 127.0.0.1 (plain, no auth, one command at a time), enough for nodemailer.
// It keeps what it receives, can refuse recipients, and lets a test look around while a mail is in flight.

export type ReceivedMail = { from: string; to: string[]; data: string };

export type SmtpTestServer = {
  port: number;
  /** smtp://127.0.0.1:<port>, for MailSettings.smtpUrl. */
  url: string;
  received: ReceivedMail[];
  /** Set: every recipient is refused with `550 <text>`, so the mail fails. */
  rejectWith: string | null;
  /** Runs when a mail's data has arrived, before the server accepts it. */
  onData: ((mail: ReceivedMail) => Promise<void>) | null;
  close(): Promise<void>;
};

/** A port nobody listens on (listened on once, then closed): connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startSmtpTestServer(port = 0): Promise<SmtpTestServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let busy = Promise.resolve();
    const say = (line: string) => socket.write(`${line}\r\n`);

    const handle = async (line: string) => {
      if (inData) {
        if (line !== '.') {
          mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          return;
        }
        inData = false;
        await smtp.onData?.(mail);
        smtp.received.push(mail);
        mail = { from: '', to: [], data: '' };
        say('250 2.0.0 Accepted');
        return;
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO' || command === 'HELO') say('250 test.localhost');
      else if (command === 'MAIL') {
        mail.from = line.slice(10).trim();
        say('250 2.1.0 OK');
      } else if (command === 'RCPT') {
        if (smtp.rejectWith) say(`550 ${smtp.rejectWith}`);
        else {
          mail.to.push(line.slice(8).trim());
          say('250 2.1.5 OK');
        }
      } else if (command === 'DATA') {
        inData = true;
        say('354 End data with <CR><LF>.<CR><LF>');
      } else if (command === 'RSET') {
        mail = { from: '', to: [], data: '' };
        say('250 2.0.0 OK');
      } else if (command === 'QUIT') {
        say('221 2.0.0 Bye');
        socket.end();
      } else say('502 5.5.2 Command not implemented');
    };

    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        busy = busy.then(() => handle(line)).catch(() => {
          socket.destroy();
        });
      }
    });
    say('220 test.localhost ESMTP');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const listening = (server.address() as { port: number }).port;
  const smtp: SmtpTestServer = {
    port: listening,
    url: `smtp://127.0.0.1:${listening}`,
    received: [],
    rejectWith: null,
    onData: null,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return smtp;
}
