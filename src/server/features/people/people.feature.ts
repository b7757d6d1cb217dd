import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import type { ZodRoutes } from '../../lib/zod-route';
import { SendingDomainPolicy } from '../sending-domains/sending-domain-policy';
import { SendingDomainsRepository } from '../sending-domains/sending-domains.repo';
import { PeopleGroupsService } from './people-groups.service';
import { registerPeopleImportRoutes } from './people-import.routes';
import { PeopleImportService } from './people-import.service';
import { registerPeopleGroupRoutes } from './people-groups.routes';
import { PeopleRepository } from './people.repo';
import { registerPeopleRoutes } from './people.routes';
import { PeopleService } from './people.service';

/** People and groups inside the tenant realm: repository → services → routes, wired once. */
export function registerPeopleFeature(realm: ZodRoutes, { db, clock }: { db: DatabaseHandle['db']; clock: Clock }): void {
  const repo = new PeopleRepository(db);
  const policy = new SendingDomainPolicy(new SendingDomainsRepository(db));
  const people = new PeopleService({ repo, policy, clock });
  // Static paths (/api/users/import, /export) are declared beside /api/users/:user_id; the router prefers them.
  registerPeopleImportRoutes(realm, { service: new PeopleImportService({ repo, people, policy, clock }) });
  registerPeopleRoutes(realm, { service: people });
  registerPeopleGroupRoutes(realm, { service: new PeopleGroupsService({ repo, clock }) });
}
