import { z } from 'zod';
import { accountMessages, realmMessages } from '../../../common/messages';

export const PEOPLE_TAGS = ['People and groups'];

/** Errors every route of the realm can answer. */
export const realmErrors = { 401: accountMessages.unauthenticated, 403: `${realmMessages.corporateOnly} / ${accountMessages.emailUnconfirmed}` };

/**
 * A record id in a path. Anything but a plain positive integer becomes 0, which names no row, so
 * `/api/users/abc` is a 404 like any other id the tenant does not own (never a 422).
 */
export const recordId = z.string().transform((value) => (/^[1-9]\d{0,14}$/.test(value) ? Number(value) : 0));
