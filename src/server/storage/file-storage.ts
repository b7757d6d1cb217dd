import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  key: string;
  /** When the file was written (its modification time). */
  writtenAt: Date;
}

/**
 * Where uploaded and derived files live. Keys are relative paths such as
 * `public/screenshots/abc.png`; only keys under `public/` are ever served. A cloud object
 * store can implement the same calls (`deleteUnfinishedWrites` is its "abort incomplete uploads").
 */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Every file stored under `folder` (such as `private/screenshot-originals`), in no order. */
  list(folder: string): AsyncIterable<StoredFile>;
  /**
   * Removes what writes in `folder` that never finished left behind (the process died mid-write)
   * if it was started before `startedBefore`; answers how many.
   */
  deleteUnfinishedWrites(folder: string, startedBefore: Date): Promise<number>;
}

const SAFE_FOLDER = /^(public|private)\/[a-z0-9-]+$/;
const SAFE_KEY = /^(public|private)\/[a-z0-9-]+\/[A-Za-z0-9_-]+\.(png|jpg|gif|webp)$/;
/** `put` writes `<file>.<pid>.<ms>.tmp` beside the target, then renames it. */
const TEMPORARY_FILE = /^[A-Za-z0-9_-]+\.(png|jpg|gif|webp)\.\d+\.\d+\.tmp$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

function assertSafeFolder(folder: string): void {
  if (!SAFE_FOLDER.test(folder)) throw new Error(`unsafe storage folder: ${folder}`);
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, content: Buffer): Promise<void> {
    const target = this.resolve(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename so a reader never sees a half-written image.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, content, { mode: 0o600 });
    await fs.rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.resolve(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  async *list(folder: string): AsyncIterable<StoredFile> {
    for await (const { name, path: file } of this.filesIn(folder)) {
      const key = `${folder}/${name}`;
      if (!SAFE_KEY.test(key)) continue;
      const writtenAt = await modifiedAt(file);
      if (writtenAt) yield { key, writtenAt };
    }
  }

  async deleteUnfinishedWrites(folder: string, startedBefore: Date): Promise<number> {
    let deleted = 0;
    for await (const { name, path: file } of this.filesIn(folder)) {
      if (!TEMPORARY_FILE.test(name)) continue;
      const writtenAt = await modifiedAt(file);
      if (!writtenAt || writtenAt >= startedBefore) continue;
      await fs.rm(file, { force: true });
      deleted += 1;
    }
    return deleted;
  }

  /** Plain files directly in the folder; none when it does not exist yet. */
  private async *filesIn(folder: string): AsyncIterable<{ name: string; path: string }> {
    assertSafeFolder(folder);
    const directory = path.join(this.root, folder);
    let entries;
    try {
      entries = await fs.opendir(directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const entry of entries) {
      if (entry.isFile()) yield { name: entry.name, path: path.join(directory, entry.name) };
    }
  }
}

/** A file's modification time, or null when it has gone meanwhile. */
async function modifiedAt(file: string): Promise<Date | null> {
  try {
    return (await fs.stat(file)).mtime;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
