import { peopleMessages } from '../../../common/messages';
import { GROUP_NAME_MAX_LENGTH, type ImportResult, type ImportRow, personInputSchema } from '../../../common/people.schema';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { toJstIsoString } from '../../lib/time-format';
import type { SendingDomainPolicy } from '../sending-domains/sending-domain-policy';
import { type CsvPersonRow, exportDisposition, formatPeopleCsv, parsePeopleCsv } from './people-csv';
import { emailKey, groupNameKey, type PeopleRepository, type PersonFields, type TenantPeople } from './people.repo';
import type { Actor, PeopleService } from './people.service';

const FIELD_LABELS: Record<string, string> = { name: '氏名', email: 'メールアドレス', department: '部署' };

/** A row after the checks that need no knowledge of who is registered. */
interface CheckedRow {
  source: CsvPersonRow;
  errors: string[];
  fields: PersonFields | null;
}

/** A row's fate: new, an update of `existing`, or an error. */
interface PlannedRow extends CheckedRow {
  existing: (PersonFields & { id: number }) | null;
}

interface ImportPlan {
  rows: PlannedRow[];
  newCount: number;
  limitMessage: string | null;
}

/**
 * The CSV import and export of people (issue 10 part 1). An import is checked row by row (fields,
 * duplicates in the file, sending domains), then every valid row is applied in one transaction
 * under the tenant lock: a registered address is updated, never duplicated; a department creates
 * or reuses a group of that name; new people count against the plan, updates do not.
 */
export class PeopleImportService {
  constructor(private readonly deps: { repo: PeopleRepository; people: PeopleService; policy: SendingDomainPolicy; clock: Clock }) {}

  async import(actor: Actor, file: Buffer, dryRun: boolean): Promise<ImportResult> {
    const parsed = parsePeopleCsv(file);
    const people = this.deps.repo.forTenant(actor.tenantId);
    const checked = await this.check(people, actor, parsed.rows);
    if (dryRun) {
      const plan = await this.plan(people, checked);
      return result(plan, { dryRun: true, encoding: parsed.encoding, createdGroups: [], message: null });
    }
    return people.withTenantLock(async (locked) => {
      const plan = await this.plan(locked, checked);
      if (plan.limitMessage) throw new AppError('VALIDATION_FAILED', plan.limitMessage);
      await locked.bumpRevision();
      const { created, updated, createdGroups } = await this.apply(locked, plan, parsed.hasDepartment);
      return result(plan, { dryRun: false, encoding: parsed.encoding, createdGroups, message: peopleMessages.imported(created, updated) });
    });
  }

  /** Every person as CSV, with the file name Excel and browsers should save it under. */
  async export(tenantId: number): Promise<{ body: Buffer; disposition: string }> {
    const everyone = await this.deps.repo.forTenant(tenantId).all();
    const body = formatPeopleCsv(everyone.map((person) => ({
      name: person.name, email: person.email, department: person.department, groups: person.groups.map((group) => group.name),
      createdAt: toJstIsoString(person.createdAt).slice(0, 16).replace('T', ' '),
    })));
    return { body, disposition: exportDisposition(toJstIsoString(this.deps.clock.now()).slice(0, 10)) };
  }

  private async check(people: TenantPeople, actor: Actor, rows: readonly CsvPersonRow[]): Promise<CheckedRow[]> {
    const firstRowOf = new Map<string, number>();
    const checked = rows.map((source): CheckedRow => {
      const parsed = personInputSchema.safeParse({ name: source.name, email: source.email, department: source.department });
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => {
          const label = FIELD_LABELS[String(issue.path[0])] ?? '';
          return issue.message.includes(label) ? issue.message : `${label}：${issue.message}`;
        });
        return { source, errors: [...new Set(errors)], fields: null };
      }
      const key = emailKey(parsed.data.email);
      const first = firstRowOf.get(key);
      if (first !== undefined) return { source, errors: [peopleMessages.importDuplicateInFile(first)], fields: null };
      firstRowOf.set(key, source.row);
      return { source, errors: [], fields: { name: parsed.data.name, email: parsed.data.email, department: parsed.data.department ?? null } };
    });
    const addresses = checked.flatMap((row) => (row.fields ? [row.fields.email] : []));
    const own = await people.accountAddress(actor.userId);
    const refusals = await this.deps.policy.refusals(actor.tenantId, addresses, own ?? undefined);
    for (const row of checked) {
      const refusal = row.fields && refusals.get(row.fields.email);
      if (refusal) {
        row.errors.push(refusal);
        row.fields = null;
      }
    }
    return checked;
  }

  private async plan(people: TenantPeople, checked: readonly CheckedRow[]): Promise<ImportPlan> {
    const existing = await people.findByEmails(checked.flatMap((row) => (row.fields ? [row.fields.email] : [])));
    const rows = checked.map((row): PlannedRow => ({ ...row, existing: row.fields ? (existing.get(emailKey(row.fields.email)) ?? null) : null }));
    const newCount = rows.filter((row) => row.fields && !row.existing).length;
    const usage = await this.deps.people.usageOf(people);
    const remaining = usage.max === null ? null : Math.max(0, usage.max - usage.registered);
    const limitMessage = remaining !== null && usage.max !== null && newCount > remaining ? peopleMessages.importPlanLimit(newCount, usage.max, remaining) : null;
    return { rows, newCount, limitMessage };
  }

  private async apply(people: TenantPeople, plan: ImportPlan, hasDepartment: boolean) {
    const now = this.deps.clock.now();
    const valid = plan.rows.filter((row): row is PlannedRow & { fields: PersonFields } => row.fields !== null);
    // Without a department column, an update leaves the person's department as it was.
    const fieldsOf = (row: PlannedRow & { fields: PersonFields }): PersonFields =>
      (hasDepartment || !row.existing ? row.fields : { ...row.fields, department: row.existing.department });
    const inserted = await people.insertMany(valid.filter((row) => !row.existing).map(fieldsOf), now);
    const updates = valid.filter((row) => row.existing);
    // Rows that change nothing are reported as updated but not written.
    await people.updateMany(updates.flatMap((row) => {
      const fields = fieldsOf(row);
      const before = row.existing!;
      return fields.name === before.name && fields.email === before.email && fields.department === before.department ? [] : [{ ...fields, id: before.id }];
    }), now);
    const updated = updates.length;
    if (!hasDepartment) return { created: inserted.size, updated, createdGroups: [] };

    // Departments → groups: reuse a group whose name matches (after normalisation), else create it.
    const groupName = (department: string) => department.slice(0, GROUP_NAME_MAX_LENGTH).trim();
    const departments = valid.flatMap((row) => (row.fields.department ? [groupName(row.fields.department)] : []));
    const previous = valid.flatMap((row) => (row.existing?.department ? [groupName(row.existing.department)] : []));
    const groups = await people.groupsByName([...departments, ...previous]);
    const createdGroups: string[] = [];
    for (const name of departments) {
      if (groups.has(groupNameKey(name))) continue;
      groups.set(groupNameKey(name), await people.insertGroup(name, now));
      createdGroups.push(name);
    }
    const personId = (row: PlannedRow & { fields: PersonFields }) => row.existing?.id ?? inserted.get(emailKey(row.fields.email))!;
    const groupOf = (department: string | null | undefined) => (department ? groups.get(groupNameKey(groupName(department))) : undefined);
    const joins: Array<{ personId: number; groupId: number }> = [];
    const leaves: Array<{ personId: number; groupId: number }> = [];
    for (const row of valid) {
      const next = groupOf(row.fields.department);
      const before = groupOf(row.existing?.department);
      if (next !== undefined) joins.push({ personId: personId(row), groupId: next });
      // Moved to another department: leave the old department's group (other groups stay).
      if (before !== undefined && before !== next) leaves.push({ personId: personId(row), groupId: before });
    }
    await people.removeMemberships(leaves);
    await people.addMemberships(joins);
    return { created: inserted.size, updated, createdGroups };
  }
}

function result(plan: ImportPlan, outcome: { dryRun: boolean; encoding: string; createdGroups: string[]; message: string | null }): ImportResult {
  const rows = plan.rows.map((row): ImportRow => ({
    row: row.source.row,
    status: row.fields === null ? 'error' : row.existing ? 'updated' : 'new',
    name: row.source.name,
    email: row.source.email,
    department: row.source.department || null,
    errors: row.errors,
  }));
  const count = (status: ImportRow['status']) => rows.filter((row) => row.status === status).length;
  return {
    dry_run: outcome.dryRun, encoding: outcome.encoding, rows, summary: { new: count('new'), updated: count('updated'), error: count('error') },
    created_groups: outcome.createdGroups, limit_message: plan.limitMessage, message: outcome.message,
  };
}
