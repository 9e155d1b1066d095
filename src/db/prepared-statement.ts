import { fillPlaceholders, is, Placeholder, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DatabaseHandle } from './client';

/** What runs a prepared statement: the app's database (`DatabaseHandle`). */
export type StatementRunner = Pick<DatabaseHandle, 'runPrepared'>;

export interface PreparedStatement<V extends Record<string, unknown>> {
  /** Runs it on the database's own connections (not inside a transaction). */
  run(database: StatementRunner, values: V): Promise<Record<string, unknown>[]>;
  /** The statement with these values, for `tx.execute` inside a caller's transaction. */
  withValues(values: V): SQL;
}

const dialect = new PgDialect();

/**
 * A statement whose text is built once (issue 20): `query` names its values with
 * `sql.placeholder(name)`, and each run sends only the values. Building a large statement with
 * drizzle's `sql` on every request was the dearest part of a form post (a third of the server's
 * CPU for a contact message); on PostgreSQL the statement is also parsed and planned once per
 * connection instead of once per run (a named prepared statement). `name` must be unique in the
 * app: PostgreSQL keeps one text per name on each connection.
 */
export function prepareStatement<V extends Record<string, unknown>>(
  name: string,
  query: SQL,
): PreparedStatement<V> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    run: (database, values) => database.runPrepared(name, text, fillPlaceholders(params, values)),
    withValues: (values) => filled(query, values),
  };
}

function filled(query: SQL, values: Record<string, unknown>): SQL {
  return new SQL(
    query.queryChunks.map((chunk) => {
      if (is(chunk, Placeholder)) {
        if (!(chunk.name in values)) throw new Error(`no value for ${chunk.name}`);
        return sql.param(values[chunk.name]);
      }
      return is(chunk, SQL) ? filled(chunk, values) : chunk;
    }),
  );
}
