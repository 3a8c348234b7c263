import type { Database } from './client.ts';

/** A getter of one `create(db)` per database handle, made on first use: per-process state such as caches and batches. */
export function perDatabase<Value>(create: (db: Database) => Value): (db: Database) => Value {
  const byDatabase = new WeakMap<Database, Value>();
  return (db) => {
    let value = byDatabase.get(db);
    if (value === undefined) {
      value = create(db);
      byDatabase.set(db, value);
    }
    return value;
  };
}
