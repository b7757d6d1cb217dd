import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SinkCommand, SinkMessage } from './smtp-sink-protocol';

/**
 * The dispatch bench's receiving SMTP server (`smtp-server` on loopback), in its own process so
 * neither the app nor the baseline sender shares its event loop. It keeps nothing but how often
 * each recipient address was accepted, and tells the bench the moment the expected number of
 * distinct addresses has arrived (the end of a timed run).
 */

let expected = Number.POSITIVE_INFINITY;
let accepted = 0;
let perAddress = new Map<string, number>();
let reported = false;
let firstAt = 0;

function tell(message: SinkMessage): void {
  process.send?.(message);
}

const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData: (stream, session, callback) => {
    stream.on('end', () => {
      // Counted before answering: the answer resets the session's envelope.
      accepted += 1;
      if (accepted === 1) firstAt = Date.now();
      for (const rcpt of session.envelope.rcptTo) perAddress.set(rcpt.address, (perAddress.get(rcpt.address) ?? 0) + 1);
      if (!reported && perAddress.size >= expected) {
        reported = true;
        tell({ type: 'all-arrived', first: firstAt, last: Date.now() });
      }
      // Accepted once the whole message is read, as a real server does.
      callback();
    });
    stream.resume();
  },
});

process.on('message', (command: SinkCommand) => {
  if (command.type === 'expect') {
    expected = command.count;
    accepted = 0;
    perAddress = new Map();
    reported = false;
    firstAt = 0;
    tell({ type: 'expecting' });
  } else if (command.type === 'tally') {
    const repeated = [...perAddress.values()].reduce((sum, times) => sum + (times - 1), 0);
    tell({ type: 'tally', accepted, distinct: perAddress.size, duplicates: repeated, addresses: command.withAddresses ? [...perAddress.keys()] : [] });
  }
});
process.on('disconnect', () => server.close(() => process.exit(0)));

server.listen(0, '127.0.0.1', () => tell({ type: 'listening', port: (server.server.address() as AddressInfo).port }));
