import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  raw: string;
}

/** RFC 2047 encoded words in a header (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Parses a single-part text message as nodemailer writes it. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  const cte = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    cte === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : cte === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { ...envelope, headers, subject: decodeHeader(headers.subject ?? ''), text: text.replace(/\r\n/g, '\n'), raw };
}

/** An SMTP answer refusing a message (4xx: try again later; 5xx: for good). */
export interface Refusal {
  code: number;
  message: string;
}

export interface SmtpOptions {
  /** Refuses a message instead of keeping it; `attempt` counts deliveries of mail to these recipients, from 1. */
  refuse?: (to: string[], attempt: number) => Refusal | null;
  /** Answers each message only after this long (a slow server: deliveries overlap). */
  answerAfterMs?: number;
}

/** An in-process SMTP server on a random port that keeps what it receives (and what it refused, in `refused`). */
export async function startSmtp(opts: SmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  const refused: { to: string[]; code: number }[] = [];
  const attempts = new Map<string, number>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    closeTimeout: 1000,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => void setTimeout(end, opts.answerAfterMs ?? 0));
      const end = () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const key = to.join(',');
        const attempt = (attempts.get(key) ?? 0) + 1;
        attempts.set(key, attempt);
        const refusal = opts.refuse?.(to, attempt);
        if (refusal) {
          refused.push({ to, code: refusal.code });
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        received.push(
          parseMail(Buffer.concat(chunks).toString('utf8'), {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to,
          }),
        );
        for (const w of waiters.splice(0)) w();
        callback();
      };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;

  /** Waits for a message matching `pred` (the mailer sends in the background). */
  async function waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs = 20000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find(pred);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching mail within ${timeoutMs} ms; got ${received.length}: ${received.map((m) => m.to.join(',') + ' ' + m.subject).join('; ')}`,
        );
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 250));
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
