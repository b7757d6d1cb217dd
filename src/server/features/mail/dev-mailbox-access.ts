import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { commonMessages } from '../../../common/messages';

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/**
 * The development mailbox holds live sign-up and reset links, so by default only a browser on this
 * machine may read it (request.ip honours TRUST_PROXY). Others get the ordinary 404, which does not
 * say the page exists. DEV_MAILBOX_PUBLIC=1 opens it on a shared development server.
 */
export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopbackAddress(request.ip)) throw new AppError('NOT_FOUND', commonMessages.notFound);
}
