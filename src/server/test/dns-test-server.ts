import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A real DNS server on loopback (the `dns2` package, UDP) that answers TXT questions from a map
 * the test fills in: `records.set('example.co.jp', ['kizuki-verification=…'])`. A name with no
 * entry answers NXDOMAIN; `failWith` makes every answer that error code instead (SERVFAIL and the
 * like), so tests see what a broken resolver path looks like. The app reaches it through config
 * DNS_SERVERS = `server.address` and node:dns, exactly as it would reach a real one.
 */
export class TestDnsServer {
  /**
   * TXT records by lower-case name. Each entry is one record: a string (split every 255 octets, as
   * DNS requires) or the record's character-strings as given. Answers must fit one UDP message.
   */
  readonly records = new Map<string, Array<string | string[]>>();
  /** An RCODE answered to every question instead of the records (e.g. Packet.RCODE.SERVFAIL). */
  failWith: number | null = null;
  /** Questions asked, as `NAME TYPE`, oldest first. */
  readonly questions: string[] = [];
  private readonly server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0];
    if (!question) return void send(response);
    const name = question.name.toLowerCase().replace(/\.$/, '');
    this.questions.push(`${name} ${Packet.typeName(question.type)}`);
    if (this.failWith !== null) {
      response.header.rcode = this.failWith;
      return void send(response);
    }
    const txt = this.records.get(name);
    if (txt === undefined) {
      response.header.rcode = Packet.RCODE.NXDOMAIN;
      return void send(response);
    }
    if (question.type === Packet.TYPE.TXT) {
      for (const record of txt) {
        response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: Array.isArray(record) ? record : chunks(record) } as dns2.Packet.Resource);
      }
    }
    return void send(response);
  });

  async start(): Promise<this> {
    await this.server.listen(0, '127.0.0.1');
    return this;
  }

  /** `127.0.0.1:port`, the form config DNS_SERVERS takes. */
  get address(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A TXT character-string holds at most 255 octets; longer values are sent as several (RFC 1035 §3.3.14). */
function chunks(value: string): string[] {
  const parts: string[] = [];
  for (let index = 0; index < value.length; index += 255) parts.push(value.slice(index, index + 255));
  return parts.length > 0 ? parts : [''];
}
