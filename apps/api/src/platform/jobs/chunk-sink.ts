import { Writable } from 'node:stream';
import type { Db } from '../db/client';
import { jobFileChunks } from './jobs.schema';

/** Bytes per job_file_chunks row. */
const CHUNK_BYTES = 256 * 1024;

/**
 * A writable that stores what it receives as numbered job_file_chunks rows of a job. Writes
 * complete only once their row is inserted, so a writer that respects backpressure holds
 * about one chunk in memory.
 */
export class ChunkSink extends Writable {
  private parts: Buffer[] = [];
  private size = 0;
  private seq = 0;

  constructor(
    private readonly db: Db,
    private readonly jobId: string,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size < this.chunkBytes) done();
    else this.flush().then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.flush().then(() => done(), done);
  }

  private async flush(): Promise<void> {
    if (this.size === 0) return;
    const data = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    await this.db.insert(jobFileChunks).values({ jobId: this.jobId, seq: this.seq++, data });
  }
}
