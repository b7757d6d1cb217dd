import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSubmissionSchema } from '../../../common/phishing-report.schema';
import { ManualClock } from '../../clock';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { LocalFileStorage } from '../../storage/file-storage';
import { pngWithMetadata, smsReportFields } from '../../test/report-factories';
import { PhishingReportsRepository } from './phishing-reports.repo';
import { PhishingReportsService } from './phishing-reports.service';
import { ORIGINAL_FOLDER, REDACTED_IMAGE_FOLDER } from './screenshot-publisher';
import { ORPHAN_MIN_AGE_MS, OriginalRetentionSweeper } from './screenshot-retention';
import { testDatabaseTarget } from '../../test/test-database';

/**
 * Issue #9, item 7: `kill -9` between writing an upload's original and committing its report left
 * unredacted originals (and `.tmp` files) that no row names, so the retention never found them.
 */

const MINUTE = 60_000;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let database: DatabaseHandle;
let storageRoot: string;
let storage: LocalFileStorage;
let repo: PhishingReportsRepository;

beforeAll(async () => {
  database = openDatabase(await testDatabaseTarget());
  storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-orphans-'));
  storage = new LocalFileStorage(storageRoot);
  repo = new PhishingReportsRepository(database.db);
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(storageRoot, { recursive: true, force: true });
});

async function keysIn(folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(folder)) keys.push(file.key);
  return keys.sort();
}

const filesIn = (folder: string): string[] => {
  const directory = path.join(storageRoot, folder);
  return fs.existsSync(directory) ? fs.readdirSync(directory).sort() : [];
};

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function lineFrom(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.split('\n').includes(line)) resolve();
    });
    child.once('exit', () => reject(new Error(`the child exited before printing "${line}"`)));
  });
}

/**
 * Holds the report counters in an open transaction, so any submit's insert waits and cannot commit
 * (SQLite: the write lock; PostgreSQL: the counter rows' locks) until `release` is called.
 */
async function holdReportWrites(): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const transaction = database.db.transaction().execute(async (trx) => {
    await trx.updateTable('phishing_report_counts').set((eb) => ({ revision: eb('revision', '+', 0) })).execute();
    locked();
    await released;
  });
  await Promise.race([isLocked, transaction]);
  return {
    release: async () => {
      release();
      await transaction;
    },
  };
}

describe('screenshot files that no report names', () => {
  it('a submit killed with SIGKILL before its row commits leaves an original that the next sweep past an hour deletes; named and young files stay', async () => {
    const clock = new ManualClock(new Date());
    const startedAt = clock.now().getTime();
    const service = new PhishingReportsService({
      repo, storage, clock, secret: 'orphan-test-secret-long-enough', mediaPath: '/media', screenshotPublisher: { kick: () => undefined },
    });
    // A report that names its original, written at the same time as the orphan.
    const kept = await service.submit(reportSubmissionSchema.parse(smsReportFields({ publish_screenshot: '0' })), await pngWithMetadata(), { ip: '127.0.0.1', fingerprint: undefined });
    const [keptKey] = await keysIn(`private/${ORIGINAL_FOLDER}`);
    expect(keptKey).toBeDefined();
    expect(await repo.referencedStorageKeys([keptKey!])).toEqual(new Set([keptKey]));

    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/test/screenshot-upload-process.ts')], {
      env: { ...process.env, KIZUKI_TEST_DB: JSON.stringify(await testDatabaseTarget()), KIZUKI_TEST_STORAGE: storageRoot },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let committed = false;
    const hold = await (async () => {
      try {
        await lineFrom(child, 'ready');
        const held = await holdReportWrites();
        void lineFrom(child, 'committed').then(() => (committed = true), () => undefined);
        child.stdin!.write('go\n');
        // The crash window: the original is in storage, the row is still waiting to commit.
        await until(async () => (await keysIn(`private/${ORIGINAL_FOLDER}`)).length === 2, 30_000);
        child.kill('SIGKILL');
        await exited;
        return held;
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    })();
    await hold.release();
    expect(committed).toBe(false);

    const orphanKey = (await keysIn(`private/${ORIGINAL_FOLDER}`)).find((key) => key !== keptKey)!;
    expect(await repo.referencedStorageKeys([orphanKey, keptKey!])).toEqual(new Set([keptKey]));
    // A write cut short leaves its temporary file (a process cannot be killed mid-write on cue).
    const temporary = `${path.basename(orphanKey, '.png')}x.png.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(path.join(storageRoot, 'private', ORIGINAL_FOLDER, temporary), 'half an image');
    // An orphaned redacted copy: a publisher killed between writing it and marking the report.
    const redactedOrphan = `public/${REDACTED_IMAGE_FOLDER}/orphaned-copy.png`;
    await storage.put(redactedOrphan, await pngWithMetadata(40, 40));

    const sweeper = new OriginalRetentionSweeper({ repo, storage, clock, logger: silent, retentionDays: 90 });
    // Younger than an hour: each file might still be about to be named by a row, so all stay.
    clock.set(new Date(startedAt + ORPHAN_MIN_AGE_MS - MINUTE));
    expect(await sweeper.sweep()).toBe(0);
    expect(await keysIn(`private/${ORIGINAL_FOLDER}`)).toEqual([keptKey, orphanKey].sort());
    expect(filesIn(`private/${ORIGINAL_FOLDER}`)).toContain(temporary);
    expect(await storage.get(redactedOrphan)).not.toBeNull();

    // Past an hour: the orphans go, the named original stays with its report.
    clock.set(new Date(Date.now() + ORPHAN_MIN_AGE_MS + MINUTE));
    expect(await sweeper.sweep()).toBe(3);
    expect(await keysIn(`private/${ORIGINAL_FOLDER}`)).toEqual([keptKey]);
    expect(filesIn(`private/${ORIGINAL_FOLDER}`)).not.toContain(temporary);
    expect(await storage.get(redactedOrphan)).toBeNull();
    expect(await storage.get(keptKey!)).not.toBeNull();
    const row = await database.db.selectFrom('phishing_reports').select('original_key').where('report_id', '=', kept.reportId).executeTakeFirst();
    expect(row?.original_key).toBe(keptKey);

    await sweeper.close();
    await repo.deleteById((await repo.findDeletionState(kept.reportId))!.id);
  }, 60_000);
});
