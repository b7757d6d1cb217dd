import { z } from 'zod';
import { paginationSchema } from './phishing-report.schema';
import { optionalParameter } from './query-parameter';
import { peopleMessages as m } from './messages';

/**
 * People (training targets) and groups: the API contract of /api/users and /api/groups (issue 10
 * part 1), shared by the server (validation, OpenAPI, serialisation) and the /users screens.
 */
export const PERSON_NAME_MAX_LENGTH = 100;
export const PERSON_DEPARTMENT_MAX_LENGTH = 100;
/** As long as a department, since an imported department becomes a group of the same name. */
export const GROUP_NAME_MAX_LENGTH = PERSON_DEPARTMENT_MAX_LENGTH;
export const PEOPLE_PAGE_SIZE = 20;
export const PEOPLE_MAX_PAGE_SIZE = 100;
export const PEOPLE_IMPORT_MAX_BYTES = 1024 * 1024;
export const PEOPLE_IMPORT_MAX_ROWS = 5000;

export const groupRefSchema = z.object({ group_id: z.number().int(), name: z.string() });

export const personSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  groups: z.array(groupRefSchema),
  created_at: z.string(),
});
export type Person = z.output<typeof personSchema>;

export const groupSchema = z.object({
  group_id: z.number().int(),
  name: z.string(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type Group = z.output<typeof groupSchema>;

/** The plan usage shown beside the list ("8 / 10名"). */
export const peopleUsageSchema = z.object({ registered: z.number().int(), max: z.number().int().nullable() });
export type PeopleUsage = z.output<typeof peopleUsageSchema>;

export const peopleListSchema = z.object({
  users: z.array(personSchema),
  pagination: paginationSchema,
  usage: peopleUsageSchema,
});
export type PeopleList = z.output<typeof peopleListSchema>;

export const groupListSchema = z.object({ groups: z.array(groupSchema) });
export type GroupList = z.output<typeof groupListSchema>;

/** Row statuses of an import preview. */
export const IMPORT_ROW_STATUSES = ['new', 'updated', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importRowSchema = z.object({
  /** 1-based line number in the file, counting the header as line 1 (as Excel shows it). */
  row: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  name: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  /** Japanese reasons, present when status is `error`. */
  errors: z.array(z.string()),
});
export type ImportRow = z.output<typeof importRowSchema>;

export const importResultSchema = z.object({
  dry_run: z.boolean(),
  /** The encoding the file was read as: `utf-8` (with or without BOM) or `shift_jis` (CP932). */
  encoding: z.string(),
  rows: z.array(importRowSchema),
  summary: z.object({ new: z.number().int(), updated: z.number().int(), error: z.number().int() }),
  /** Groups created from the department column (names), when applied. */
  created_groups: z.array(z.string()),
  /**
   * Set when the new people in the file exceed what the plan allows (free plan): the preview shows
   * it, and applying the file answers 422 with the same message.
   */
  limit_message: z.string().nullable(),
  /** The result in one Japanese sentence, when applied. */
  message: z.string().nullable(),
});
export type ImportResult = z.output<typeof importResultSchema>;

export const messageOnlySchema = z.object({ message: z.string() });

/** Input of POST/PUT /api/users (the server trims and checks; the dialog uses the same rules). */
export const personInputSchema = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(PERSON_NAME_MAX_LENGTH, { error: m.tooLong(PERSON_NAME_MAX_LENGTH) }),
  email: z
    .string({ error: m.emailRequired })
    .trim()
    // An empty address is "required", not also "invalid".
    .min(1, { error: m.emailRequired, abort: true })
    .max(254, { error: m.tooLong(254) })
    .email({ error: m.emailInvalid }),
  department: z
    .string()
    .trim()
    .max(PERSON_DEPARTMENT_MAX_LENGTH, { error: m.tooLong(PERSON_DEPARTMENT_MAX_LENGTH) })
    .nullish()
    .transform((value) => (value ? value : null)),
  group_ids: z.array(z.number().int().positive()).max(100).optional(),
});
export type PersonInput = z.input<typeof personInputSchema>;

export const groupInputSchema = z.object({
  name: z
    .string({ error: m.groupNameRequired })
    .trim()
    .min(1, { error: m.groupNameRequired })
    .max(GROUP_NAME_MAX_LENGTH, { error: m.tooLong(GROUP_NAME_MAX_LENGTH) }),
});
export type GroupInput = z.input<typeof groupInputSchema>;

export const peopleListQuerySchema = z.object({
  q: optionalParameter(z.string().max(200).optional()),
  group_id: optionalParameter(z.coerce.number().int().positive().optional()),
  limit: optionalParameter(z.coerce.number().int().min(1).max(PEOPLE_MAX_PAGE_SIZE).default(PEOPLE_PAGE_SIZE)),
  offset: optionalParameter(z.coerce.number().int().min(0).default(0)),
});

/** Form fields of POST /api/users/import (multipart; `file` is the CSV). */
export const peopleImportFieldsSchema = z.object({
  dry_run: z.enum(['0', '1', 'true', 'false']).optional().transform((value) => value === '1' || value === 'true'),
});
export const peopleImportMultipartDocSchema = z.object({
  file: z.string().describe('CSV (UTF-8 with or without BOM, or Shift_JIS as Excel saves it); headers 氏名/name, メールアドレス/email, 部署/department'),
  dry_run: z.enum(['0', '1']).optional().describe('1: preview only, nothing is saved'),
});
