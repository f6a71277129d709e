// Which store statements move the metadata generation, and what a GenerationCache keeps across a move.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { GenerationCache, MetadataGeneration, WriteWatchPlugin } from './metadata-generation.js';

interface Schema {
  ab_role: { id: number; name: string };
  logs: { id: number; action: string };
  sessions: { id: string; user_id: number };
}

function open() {
  const generation = new MetadataGeneration();
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    plugins: [new WriteWatchPlugin(generation)],
  });
  return { generation, db };
}

describe('metadata generation', () => {
  it('moves on writes to metadata tables, not on reads, logs or new sessions', async () => {
    const { generation, db } = open();
    await sql`CREATE TABLE ab_role (id INTEGER PRIMARY KEY, name TEXT)`.execute(db);
    await sql`CREATE TABLE logs (id INTEGER PRIMARY KEY, action TEXT)`.execute(db);
    await sql`CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id INTEGER)`.execute(db);
    const moves = () => generation.current();
    let before = moves();
    await db.selectFrom('ab_role').selectAll().execute();
    await db.insertInto('logs').values({ id: 1, action: 'x' }).execute();
    await db.insertInto('sessions').values({ id: 's', user_id: 1 }).execute();
    expect(moves()).toBe(before);
    await db.insertInto('ab_role').values({ id: 1, name: 'r' }).execute();
    expect(moves()).toBeGreaterThan(before);
    before = moves();
    await db.updateTable('ab_role').set({ name: 'q' }).where('id', '=', 1).execute();
    expect(moves()).toBeGreaterThan(before);
    before = moves();
    // A logout deletes its session: that must reach the kept sessions.
    await db.deleteFrom('sessions').where('id', '=', 's').execute();
    expect(moves()).toBeGreaterThan(before);
    before = moves();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ab_role').where('id', '=', 1).execute();
    });
    expect(moves()).toBeGreaterThan(before);
    before = moves();
    // Raw SQL reads only when it is a SELECT; anything else counts as a write.
    await sql`SELECT 1`.execute(db);
    expect(moves()).toBe(before);
    await sql`UPDATE ab_role SET name = 'z'`.execute(db);
    expect(moves()).toBeGreaterThan(before);
    expect(generation.writes).toBeGreaterThan(0);
  });

  it('keeps a value until the next move, and never one loaded across a move', async () => {
    const generation = new MetadataGeneration();
    const cache = new GenerationCache<number, string>(generation);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return `value ${loads}`;
    };
    expect(await cache.getOrLoad(1, load)).toBe('value 1');
    expect(await cache.getOrLoad(1, load)).toBe('value 1');
    generation.bump();
    expect(cache.get(1)).toBeUndefined();
    const crossing = cache.getOrLoad(1, async () => {
      generation.bump();
      return 'stale';
    });
    expect(await crossing).toBe('stale');
    expect(cache.get(1)).toBeUndefined();
  });

  it('keeps nothing while Redis is configured but not listened to', async () => {
    const generation = new MetadataGeneration();
    // Never connected: useRedis alone must make every cache a pass-through.
    generation.useRedis({} as never, 'test:');
    expect(generation.usable).toBe(false);
    const cache = new GenerationCache<number, string>(generation);
    await cache.getOrLoad(1, async () => 'x');
    expect(cache.get(1)).toBeUndefined();
  });
});
