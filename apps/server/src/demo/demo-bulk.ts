import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Statements sent one after another on the transaction's one connection. While the database runs
 * one round, the next is being generated; the next round waits for it (bounded memory, and never
 * two queries at once on a client).
 */
export class BulkWriter {
  private tail: Promise<void> = Promise.resolve();
  constructor(private readonly db: Db) {}

  send(query: SQL): void {
    // then() once: the ORM's query object runs its statement again on every then().
    this.tail = this.tail.then(() => this.db.execute(query).then(() => undefined));
  }

  /** Waits for what was sent; a failed statement throws here. */
  settled(): Promise<void> {
    return this.tail;
  }
}

/** One table's rows, sent as one JSON parameter: one statement per batch whatever its size. */
export class BulkTable {
  private rows: unknown[] = [];
  inserted = 0;
  private readonly names: string;
  private readonly types: string;
  constructor(
    private readonly writer: BulkWriter,
    private readonly table: string,
    /** `name type` pairs, in the order of the INSERT's columns. */
    columns: readonly (readonly [string, string])[],
  ) {
    this.names = columns.map(([name]) => name).join(', ');
    this.types = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  }

  add(row: Record<string, unknown>): void {
    this.rows.push(row);
  }

  get size(): number {
    return this.rows.length;
  }

  flush(): void {
    if (this.rows.length === 0) return;
    const json = JSON.stringify(this.rows);
    this.inserted += this.rows.length;
    this.rows = [];
    this.writer.send(
      sql`INSERT INTO ${sql.raw(this.table)} (${sql.raw(this.names)}) SELECT ${sql.raw(this.names)} FROM json_to_recordset(${json}::json) AS r(${sql.raw(this.types)})`,
    );
  }
}
