import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/client.js';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of an in-memory PGlite with every migration applied: each test app starts from a copy. */
    pgliteTemplateFile: string;
    /** With TEST_DATABASE_URL: a migrated database on that server that each test app's database is created from. */
    postgresTemplate: string;
  }
}

/** What the migrated database depends on: the migrations and the PGlite release. */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(path.resolve(MIGRATIONS_FOLDER, '../node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/** The PGlite template, made once for each set of migrations and kept in the temporary folder. */
async function pgliteTemplate(key: string): Promise<string> {
  const file = path.join(os.tmpdir(), `sharenearby-test-pglite-${key}.tar`);
  if (existsSync(file)) return file;
  const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  try {
    await migrateDatabase({ kind: 'pglite', client });
    const dump = await client.dumpDataDir('none');
    // Written beside, then renamed: a run beside this one never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

/**
 * Migrations run once a test run, not once a test app (each took 3-8 s on two cores): on PGlite a
 * dump of a migrated database that each app loads; on PostgreSQL a template database that each
 * app's database is created from (CREATE DATABASE ... TEMPLATE), dropped at the end.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const key = fingerprint();
  project.provide('pgliteTemplateFile', await pgliteTemplate(key));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('postgresTemplate', '');
    return undefined;
  }
  const name = `test_template_${key}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    // A template must have no connection open while databases are created from it.
    await database.close();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
