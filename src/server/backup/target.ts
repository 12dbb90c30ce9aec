// What a PostgreSQL restore target holds, and emptying it for `restore --force`, read from the
// database itself rather than from a list of the app's schemas: a newer release's migrations may
// have made schemas and objects this release has never heard of (a rollback restores over them),
// and whatever is left meets the next upgrade's migrations, which then fail.
//
// Every schema but PostgreSQL's own is the app's (the database is the app's). Extensions stay: a
// role that is not a superuser cannot make `earthdistance` again (docs/deploy.md), so the objects
// of an extension are kept, and a schema holding one (`public`, as a rule) is emptied object by
// object instead of dropped. `public` itself is never dropped, so its owner and rights stay.
import type pg from 'pg';

/** Not PostgreSQL's own schemas (pg_catalog, pg_toast, information_schema, temporary ones). */
const APP_SCHEMA = `n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`;

/** Not part of an extension: the object `objid` of the catalog `catalog`. */
const notExtensionMember = (catalog: string, objid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${objid} and d.deptype = 'e')`;

/** The relations of the app's schemas, tables to views; a relation an extension owns is not counted. */
const APP_RELATIONS = `
  select c.oid, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where ${APP_SCHEMA} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${notExtensionMember('pg_class', 'c.oid')}`;

/** What the database holds in the app's schemas, in words, or null when it holds nothing. */
export async function databaseContents(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query<{ relations: number; schemas: string[] }>(
    `select (select count(*)::int from (${APP_RELATIONS}) r) as relations,
            array(select n.nspname::text from pg_namespace n where ${APP_SCHEMA} and n.nspname <> 'public' order by 1) as schemas`,
  );
  const { relations, schemas } = rows[0]!;
  if (relations === 0 && schemas.length === 0) return null;
  return `${relations} tables and sequences${schemas.length ? ` (schemas ${schemas.join(', ')} and public)` : ''} in the database of DATABASE_URL`;
}

/**
 * Drops every schema of the app's that holds no extension, and empties the others (`public`) of
 * everything that is not an extension's: relations, functions and procedures, types and domains,
 * the kinds migrations make; triggers, indexes, policies and rules go with their tables.
 */
export async function emptyDatabase(client: pg.Client): Promise<void> {
  await client.query('begin');
  try {
    const { rows: schemas } = await client.query<{ name: string }>(
      `select n.nspname as name from pg_namespace n
       where ${APP_SCHEMA} and n.nspname <> 'public'
         and not exists (select 1 from pg_extension e where e.extnamespace = n.oid)`,
    );
    for (const { name } of schemas) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
    // What remains in the app's schemas is in one that holds an extension: each object by itself,
    // `if exists` and `cascade` because dropping one (a table) may already have dropped another (its sequence).
    const { rows: drops } = await client.query<{ statement: string }>(
      `select statement from (
         select 1 as step, format('drop %s if exists %s cascade',
                  case r.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
                                 when 'f' then 'foreign table' else 'table' end, r.oid::regclass) as statement
           from (${APP_RELATIONS}) r
         union all
         select 2, format('drop routine if exists %s cascade', p.oid::regprocedure)
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where ${APP_SCHEMA} and ${notExtensionMember('pg_proc', 'p.oid')}
         union all
         select 3, format('drop %s if exists %s cascade', case t.typtype when 'd' then 'domain' else 'type' end, t.oid::regtype)
           from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where ${APP_SCHEMA} and ${notExtensionMember('pg_type', 't.oid')}
            and (t.typtype in ('d', 'e', 'r') or (t.typtype = 'c' and (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c'))
       ) drops order by step`,
    );
    for (const { statement } of drops) await client.query(statement);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}
