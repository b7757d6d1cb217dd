/**
 * One report submission with a screenshot in a process of its own, for the crash test: it sets up,
 * prints "ready", waits for "go" on stdin, then submits. The test holds the database so the report's
 * row cannot commit, watches the original land in storage and kills this process with SIGKILL
 * (no shutdown hook gets to run, as when a machine dies). Prints "committed" should the row commit.
 * Env: KIZUKI_TEST_DB (the run's DatabaseTarget as JSON), KIZUKI_TEST_STORAGE (the storage root).
 */
import { reportSubmissionSchema } from '../../common/phishing-report.schema';
import { systemClock } from '../clock';
import type { DatabaseTarget } from '../config';
import { openDatabase } from '../db/database';
import { PhishingReportsRepository } from '../features/phishing-reports/phishing-reports.repo';
import { PhishingReportsService } from '../features/phishing-reports/phishing-reports.service';
import { LocalFileStorage } from '../storage/file-storage';
import { pngWithMetadata, smsReportFields } from './report-factories';

const target = JSON.parse(process.env.KIZUKI_TEST_DB ?? '') as DatabaseTarget;
const database = openDatabase(target);
const service = new PhishingReportsService({
  repo: new PhishingReportsRepository(database.db),
  storage: new LocalFileStorage(process.env.KIZUKI_TEST_STORAGE ?? ''),
  clock: systemClock,
  secret: 'crash-test-secret-that-is-long-enough',
  mediaPath: '/media',
  screenshotPublisher: { kick: () => undefined },
});
const submission = reportSubmissionSchema.parse(smsReportFields({ publish_screenshot: '1' }));
const screenshot = await pngWithMetadata();

process.stdin.setEncoding('utf8');
process.stdin.once('data', () => {
  void service.submit(submission, screenshot, { ip: '127.0.0.1', fingerprint: undefined }).then(() => process.stdout.write('committed\n'));
});
process.stdout.write('ready\n');
