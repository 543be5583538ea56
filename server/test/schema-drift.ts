// Compares a live PostgreSQL schema with prisma/schema.prisma, without Prisma's
// native schema engine (which `prisma migrate diff` needs and offline machines
// cannot download). server/db/schema-drift.test.ts runs it against a database
// built by applyMigrations, so a migration that forgets (or adds) anything the
// schema declares fails the suite.
//
// Both sides are reduced to "facts": a key naming one database object
// (`column users.email`, `index properties (status, price_min, id)`) and a value
// describing it (`text NOT NULL`). Constraint and index names are ignored;
// tables, columns, indexes and foreign keys are matched by what they cover.
//
// What Prisma's schema language cannot express (partial or expression indexes,
// CHECK constraints, Unsupported("...") columns, which the DMMF leaves out...)
// goes in the allow-list passed to diffSchemas (see schema-drift.test.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getDMMF } from '@prisma/get-dmmf';
import type pg from 'pg';
import { projectRoot } from '../config';

export const prismaSchemaPath = path.join(projectRoot, 'prisma', 'schema.prisma');

/** The table our migration runner (and Prisma's) keeps its bookkeeping in. */
const MIGRATIONS_TABLE = '_prisma_migrations';

type DmmfDocument = Exclude<ReturnType<typeof getDMMF>, { type: 'wasm-error' | 'parse-json' }>;
type Datamodel = DmmfDocument['datamodel'];
type DmmfModel = Datamodel['models'][number];
type DmmfField = DmmfModel['fields'][number];

export interface SchemaFact {
  /** Identifies the object, e.g. `column users.email` or `index offers (buyer_id, created_at)`. */
  key: string;
  /** Describes it, e.g. `text NOT NULL`; empty when the key says everything. */
  value: string;
  /** The table the object belongs to (so a missing table is reported once, not per column). */
  table?: string;
}

export type SchemaFacts = SchemaFact[];

/** A pg.Client, pg.PoolClient or pg.Pool: read inside a transaction to see its uncommitted DDL. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

// ---------------------------------------------------------------------------
// Expected side: prisma/schema.prisma through the DMMF
// ---------------------------------------------------------------------------

export async function readPrismaSchema(file = prismaSchemaPath): Promise<string> {
  return readFile(file, 'utf8');
}

/** What the schema text declares, as facts. Throws on schema features this comparator does not model. */
export function expectedSchemaFacts(schemaText: string): SchemaFacts {
  const result = getDMMF({ datamodel: schemaText });
  if ('error' in result) {
    const message = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`prisma/schema.prisma does not parse: ${message.replace(/\u001b\[[0-9;]*m/g, '')}`);
  }
  const datamodel = (result as DmmfDocument).datamodel;
  const facts = new FactList();

  const enumByName = new Map(datamodel.enums.map((e) => [e.name, e]));
  const modelByName = new Map(datamodel.models.map((m) => [m.name, m]));
  const tableOf = (model: DmmfModel) => model.dbName ?? model.name;
  const columnOf = (model: DmmfModel, fieldName: string) => {
    const field = model.fields.find((f) => f.name === fieldName);
    if (!field) throw new Error(`Model ${model.name} has no field ${fieldName}.`);
    return field.dbName ?? field.name;
  };

  for (const dmmfEnum of datamodel.enums) {
    facts.add(`enum ${dmmfEnum.dbName ?? dmmfEnum.name}`, enumValues(dmmfEnum.values.map((v) => v.dbName ?? v.name)));
  }

  if (datamodel.types.length) unsupported('composite types');

  for (const model of datamodel.models) {
    if (model.schema) unsupported(`multiSchema (model ${model.name} in schema ${model.schema})`);
    const table = tableOf(model);
    facts.add(`table ${table}`, '', table);

    for (const field of model.fields) {
      if (field.kind === 'object') continue;
      if (field.kind === 'unsupported') unsupported(`Unsupported field ${model.name}.${field.name}`);
      const column = field.dbName ?? field.name;
      const enumType = field.kind === 'enum' ? enumByName.get(field.type) : undefined;
      const type = `${field.kind === 'enum' ? `enum ${enumType?.dbName ?? field.type}` : prismaColumnType(model, field)}${field.isList ? '[]' : ''}`;
      // Prisma creates scalar-list columns without NOT NULL.
      const nullable = field.isList || !field.isRequired;
      const enumValueDbName = (value: string) => enumType?.values.find((v) => v.name === value)?.dbName ?? value;
      facts.add(`column ${table}.${column}`, columnDescription(type, nullable, prismaDefault(model, field, enumValueDbName)), table);
    }

    // Relations: the side holding `fields:` owns the foreign key.
    for (const field of model.fields) {
      if (field.kind !== 'object') continue;
      const from = field.relationFromFields ?? [];
      const target = modelByName.get(field.type);
      if (!target) unsupported(`relation ${model.name}.${field.name} to ${field.type}`);
      if (!from.length) {
        const back = target.fields.find((f) => f.kind === 'object' && f.relationName === field.relationName && f !== field);
        if (field.isList && back?.isList) unsupported(`implicit many-to-many relation ${field.relationName}`);
        continue;
      }
      const to = field.relationToFields ?? [];
      // Prisma's defaults: onDelete Restrict for required relations, SetNull for optional ones; onUpdate Cascade.
      const onDelete = field.relationOnDelete ?? (field.isRequired ? 'Restrict' : 'SetNull');
      const onUpdate = field.relationOnUpdate ?? 'Cascade';
      facts.add(
        foreignKeyKey(table, from.map((f) => columnOf(model, f)), tableOf(target), to.map((f) => columnOf(target, f))),
        `ON DELETE ${referentialAction(onDelete)} ON UPDATE ${referentialAction(onUpdate)}`,
        table,
      );
    }
  }

  for (const index of datamodel.indexes) {
    const model = modelByName.get(index.model);
    if (!model) unsupported(`index on ${index.model}`);
    const table = tableOf(model);
    const columns = index.fields.map((f) => columnOf(model, f.name));
    if (index.type === 'id') {
      facts.add(`primary key ${table}`, `(${columns.join(', ')})`, table);
      continue;
    }
    if (index.type !== 'unique' && index.type !== 'normal') unsupported(`${index.type} index on ${index.model}`);
    const keys = index.fields.map(
      (f, i) => `${columns[i]}${f.operatorClass ? ` ${operatorClass(f.operatorClass)}` : ''}${f.sortOrder === 'desc' ? ' DESC' : ''}`,
    );
    facts.add(indexKey(table, index.type === 'unique', (index.algorithm ?? 'BTree').toLowerCase(), keys, null), '', table);
  }

  return facts.list;
}

/** The column type Prisma's migrations create for a scalar field, in the form readDatabaseFacts prints. */
function prismaColumnType(model: DmmfModel, field: DmmfField): string {
  if (field.nativeType) {
    const [name, args] = field.nativeType;
    const base = ({ Decimal: 'numeric', DoublePrecision: 'double precision', VarBit: 'varbit' } as Record<string, string>)[name] ?? name.toLowerCase();
    return args.length ? `${base}(${args.join(',')})` : base;
  }
  const byScalar: Record<string, string> = {
    String: 'text',
    Boolean: 'boolean',
    Int: 'integer',
    BigInt: 'bigint',
    Float: 'double precision',
    Decimal: 'numeric(65,30)',
    DateTime: 'timestamp(3)',
    Json: 'jsonb',
    Bytes: 'bytea',
  };
  return byScalar[field.type] ?? unsupported(`type ${field.type} of ${model.name}.${field.name}`);
}

/** The default as readDatabaseFacts prints it, or null when the database should have none. */
function prismaDefault(model: DmmfModel, field: DmmfField, enumValueDbName: (value: string) => string): string | null {
  if (!field.hasDefaultValue || field.default === undefined) return null;
  const value = field.default;
  if (Array.isArray(value)) unsupported(`list default of ${model.name}.${field.name}`);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return canonicalNumber(String(value));
  if (typeof value === 'string') {
    if (field.kind === 'enum') return sqlString(enumValueDbName(value));
    if (['Int', 'BigInt', 'Float', 'Decimal'].includes(field.type)) return canonicalNumber(value);
    return sqlString(value);
  }
  const fn = value as { name: string; args: ReadonlyArray<string | number> };
  switch (fn.name) {
    case 'now':
      return 'now()';
    case 'autoincrement':
      return 'autoincrement()';
    // Generated by Prisma Client, not by the database.
    case 'uuid':
    case 'cuid':
    case 'nanoid':
    case 'ulid':
      return null;
    case 'dbgenerated':
      if (typeof fn.args[0] === 'string' && fn.args[0] !== '') return fn.args[0];
      return unsupported(`dbgenerated() without an expression on ${model.name}.${field.name}`);
    default:
      return unsupported(`@default(${fn.name}(...)) on ${model.name}.${field.name}`);
  }
}

function referentialAction(action: string): string {
  const sql: Record<string, string> = { Cascade: 'CASCADE', Restrict: 'RESTRICT', NoAction: 'NO ACTION', SetNull: 'SET NULL', SetDefault: 'SET DEFAULT' };
  return sql[action] ?? unsupported(`referential action ${action}`);
}

/** `JsonbPathOps` → `jsonb_path_ops`; raw("gin_trgm_ops") arrives as written. */
function operatorClass(name: string): string {
  return /^[A-Z]/.test(name) ? name.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase() : name;
}

function unsupported(what: string): never {
  throw new Error(`schema-drift: ${what} is not supported by the comparator yet; extend server/test/schema-drift.ts.`);
}

// ---------------------------------------------------------------------------
// Actual side: pg_catalog of the connected database (its current schema)
// ---------------------------------------------------------------------------

const actionByCode: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** Tables of the current schema, except the migrations bookkeeping table. */
const TABLES = `
  SELECT c.oid, c.relname
  FROM pg_class c
  WHERE c.relnamespace = current_schema()::regnamespace
    AND c.relkind IN ('r', 'p')
    AND NOT c.relispartition
    AND c.relname <> '${MIGRATIONS_TABLE}'`;

export async function readDatabaseFacts(db: Queryable): Promise<SchemaFacts> {
  const facts = new FactList();

  const enums = await db.query<{ name: string; values: string[] }>(`
    SELECT t.typname AS name, json_agg(e.enumlabel ORDER BY e.enumsortorder) AS values
    FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
    WHERE t.typnamespace = current_schema()::regnamespace
    GROUP BY t.typname
    ORDER BY t.typname`);
  for (const row of enums.rows) facts.add(`enum ${row.name}`, enumValues(row.values));

  const tables = await db.query<{ relname: string }>(`${TABLES} ORDER BY c.relname`);
  for (const row of tables.rows) facts.add(`table ${row.relname}`, '', row.relname);

  const columns = await db.query<{
    table: string;
    column: string;
    type: string;
    is_enum: boolean;
    element_is_enum: boolean;
    type_name: string;
    element_type_name: string | null;
    not_null: boolean;
    default: string | null;
    identity: string;
    generated: string;
  }>(`
    SELECT t.relname AS table, a.attname AS column,
           format_type(a.atttypid, a.atttypmod) AS type,
           ty.typtype = 'e' AS is_enum,
           COALESCE(el.typtype = 'e', false) AS element_is_enum,
           ty.typname AS type_name, el.typname AS element_type_name,
           a.attnotnull AS not_null,
           pg_get_expr(d.adbin, d.adrelid) AS default,
           a.attidentity AS identity, a.attgenerated AS generated
    FROM (${TABLES}) t
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped
    JOIN pg_type ty ON ty.oid = a.atttypid
    LEFT JOIN pg_type el ON ty.typcategory = 'A' AND el.oid = ty.typelem
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    ORDER BY t.relname, a.attnum`);
  for (const row of columns.rows) {
    const type = row.is_enum
      ? `enum ${row.type_name}`
      : row.element_is_enum
        ? `enum ${row.element_type_name}[]`
        : databaseColumnType(row.type);
    let defaultValue: string | null;
    if (row.generated === 's') defaultValue = `GENERATED ALWAYS AS (${row.default}) STORED`;
    else if (row.identity === 'a') defaultValue = 'GENERATED ALWAYS AS IDENTITY';
    else if (row.identity === 'd') defaultValue = 'GENERATED BY DEFAULT AS IDENTITY';
    else defaultValue = row.default === null ? null : databaseDefault(row.default);
    facts.add(`column ${row.table}.${row.column}`, columnDescription(type, !row.not_null, defaultValue), row.table);
  }

  // Unique and exclusion constraints are backed by indexes (read below); NOT NULL
  // constraints (pg_constraint rows since PostgreSQL 18) by the columns above.
  const constraints = await db.query<{
    table: string;
    type: string;
    columns: string[] | null;
    ref_table: string | null;
    ref_columns: string[] | null;
    on_update: string;
    on_delete: string;
    definition: string;
  }>(`
    SELECT t.relname AS table, con.contype AS type,
           (SELECT json_agg(a.attname ORDER BY k.ord)
              FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS columns,
           ref.relname AS ref_table,
           (SELECT json_agg(a.attname ORDER BY k.ord)
              FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS ref_columns,
           con.confupdtype AS on_update, con.confdeltype AS on_delete,
           pg_get_constraintdef(con.oid, true) AS definition
    FROM (${TABLES}) t
    JOIN pg_constraint con ON con.conrelid = t.oid
    LEFT JOIN pg_class ref ON ref.oid = con.confrelid
    WHERE con.contype NOT IN ('u', 'x', 'n')
    ORDER BY t.relname, con.contype, pg_get_constraintdef(con.oid, true)`);
  for (const row of constraints.rows) {
    if (row.type === 'p') facts.add(`primary key ${row.table}`, `(${(row.columns ?? []).join(', ')})`, row.table);
    else if (row.type === 'f') {
      facts.add(
        foreignKeyKey(row.table, row.columns ?? [], row.ref_table ?? '?', row.ref_columns ?? []),
        `ON DELETE ${actionByCode[row.on_delete] ?? row.on_delete} ON UPDATE ${actionByCode[row.on_update] ?? row.on_update}`,
        row.table,
      );
    } else if (row.type === 'c') facts.add(`check ${row.table} ${row.definition}`, '', row.table);
    else facts.add(`constraint ${row.table} ${row.definition}`, '', row.table);
  }

  const indexes = await db.query<{ table: string; unique: boolean; method: string; predicate: string | null; keys: string[]; included: string[] | null }>(`
    SELECT t.relname AS table, i.indisunique AS unique, am.amname AS method,
           pg_get_expr(i.indpred, i.indrelid, true) AS predicate,
           (SELECT json_agg(
                     pg_get_indexdef(i.indexrelid, k.ord, true)
                     || CASE WHEN oc.opcdefault THEN '' ELSE ' ' || oc.opcname END
                     || CASE WHEN (i.indoption[k.ord - 1] & 1) = 1 THEN ' DESC' ELSE '' END
                     ORDER BY k.ord)
              FROM generate_series(1, i.indnkeyatts::int) AS k(ord)
              JOIN pg_opclass oc ON oc.oid = i.indclass[k.ord - 1]) AS keys,
           -- INCLUDE columns (stored, not searched): Prisma's schema cannot declare them.
           (SELECT json_agg(pg_get_indexdef(i.indexrelid, k.ord, true) ORDER BY k.ord)
              FROM generate_series(i.indnkeyatts + 1, i.indnatts::int) AS k(ord)) AS included
    FROM (${TABLES}) t
    JOIN pg_index i ON i.indrelid = t.oid AND NOT i.indisprimary
    JOIN pg_class ic ON ic.oid = i.indexrelid
    JOIN pg_am am ON am.oid = ic.relam
    ORDER BY t.relname, ic.relname`);
  for (const row of indexes.rows) {
    facts.add(indexKey(row.table, row.unique, row.method, row.keys.map(unquoteIdentifier), row.predicate, (row.included ?? []).map(unquoteIdentifier)), '', row.table);
  }

  return facts.list;
}

/** format_type() output, shortened to the names Prisma's native types use. */
function databaseColumnType(formatted: string): string {
  return formatted
    .replace(/^timestamp(\(\d+\))? with time zone/, 'timestamptz$1')
    .replace(/^timestamp(\(\d+\))? without time zone/, 'timestamp$1')
    .replace(/^time(\(\d+\))? with time zone/, 'timetz$1')
    .replace(/^time(\(\d+\))? without time zone/, 'time$1')
    .replace(/^character varying/, 'varchar')
    .replace(/^bit varying/, 'varbit')
    .replace(/^character/, 'char');
}

/** pg_get_expr() of a column default, in the form prismaDefault() produces. */
function databaseDefault(expression: string): string {
  if (expression === 'CURRENT_TIMESTAMP' || expression === 'now()') return 'now()';
  if (/^nextval\('.*'::regclass\)$/.test(expression)) return 'autoincrement()';
  if (expression === 'true' || expression === 'false') return expression;
  if (/^-?\d+(\.\d+)?$/.test(expression)) return canonicalNumber(expression);
  const literal = /^'((?:[^']|'')*)'::(.+)$/.exec(expression);
  if (literal) {
    const [, content, type] = literal;
    if (/^(smallint|integer|bigint|real|double precision|numeric)/.test(type) && /^-?\d+(\.\d+)?$/.test(content)) return canonicalNumber(content);
    return `'${content}'`;
  }
  return expression;
}

function unquoteIdentifier(key: string): string {
  return key.replace(/^"((?:[^"]|"")+)"(?=$| )/, (_, name: string) => name.replace(/""/g, '"'));
}

// ---------------------------------------------------------------------------
// Shared formatting and the comparison
// ---------------------------------------------------------------------------

class FactList {
  readonly list: SchemaFact[] = [];
  private readonly seen = new Map<string, number>();

  /** A second object with the same key (a duplicate index...) gets ` #2`, so duplicates show up too. */
  add(key: string, value: string, table?: string): void {
    const count = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, count);
    this.list.push({ key: count > 1 ? `${key} #${count}` : key, value, ...(table ? { table } : {}) });
  }
}

function enumValues(values: readonly string[]): string {
  return `(${values.join(', ')})`;
}

function columnDescription(type: string, nullable: boolean, defaultValue: string | null): string {
  return `${type} ${nullable ? 'NULL' : 'NOT NULL'}${defaultValue === null ? '' : ` DEFAULT ${defaultValue}`}`;
}

function foreignKeyKey(table: string, columns: readonly string[], refTable: string, refColumns: readonly string[]): string {
  return `foreign key ${table} (${columns.join(', ')}) → ${refTable} (${refColumns.join(', ')})`;
}

function indexKey(table: string, unique: boolean, method: string, keys: readonly string[], predicate: string | null, included: readonly string[] = []): string {
  return `${unique ? 'unique index' : 'index'} ${table}${method === 'btree' ? '' : ` using ${method}`} (${keys.join(', ')})${included.length ? ` include (${included.join(', ')})` : ''}${predicate ? ` where ${predicate}` : ''}`;
}

function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** `1.50` → `1.5`, `007` → `7`, `-0.0` → `0`: decimal literals compared by value, without float rounding. */
function canonicalNumber(text: string): string {
  const match = /^(-?)0*(\d+?)(?:\.(\d*?)0*)?$/.exec(text);
  if (!match) return text;
  const [, sign, integer, fraction] = match;
  const body = fraction ? `${integer}.${fraction}` : integer;
  return body === '0' ? body : `${sign}${body}`;
}

function describeFact(fact: SchemaFact): string {
  return fact.value ? `${fact.key}: ${fact.value}` : fact.key;
}

/**
 * Human-readable differences between what the schema declares (`expected`) and
 * what the database has (`actual`); empty when they match.
 *
 * `allowList` holds keys of database objects the schema cannot express (as this
 * module prints them, e.g. `index properties using gin (title gin_trgm_ops)`):
 * they may differ from or be absent in the schema, but must exist in the database.
 */
export function diffSchemas(expected: SchemaFacts, actual: SchemaFacts, allowList: readonly string[] = []): string[] {
  const expectedByKey = new Map(expected.map((fact) => [fact.key, fact]));
  const actualByKey = new Map(actual.map((fact) => [fact.key, fact]));
  const allowed = new Set(allowList);
  const tableFact = (table: string) => `table ${table}`;
  const differences: string[] = [];

  for (const fact of expected) {
    const found = actualByKey.get(fact.key);
    if (allowed.has(fact.key)) continue;
    if (!found) {
      // A missing table is one difference, not one per column.
      if (fact.table && fact.key !== tableFact(fact.table) && !actualByKey.has(tableFact(fact.table))) continue;
      differences.push(`missing from the database: ${describeFact(fact)}`);
    } else if (found.value !== fact.value) {
      differences.push(`different in the database: ${fact.key}: schema.prisma says ${fact.value}, the database has ${found.value}`);
    }
  }
  for (const fact of actual) {
    if (expectedByKey.has(fact.key) || allowed.has(fact.key)) continue;
    if (fact.table && fact.key !== tableFact(fact.table) && !expectedByKey.has(tableFact(fact.table))) continue;
    differences.push(`not in schema.prisma: ${describeFact(fact)}`);
  }
  for (const key of allowList) {
    if (!actualByKey.has(key)) differences.push(`allow-listed but absent from the database: ${key}`);
  }
  return differences;
}

/** Reads both sides and compares them: the database behind `db` against prisma/schema.prisma (or `schemaText`). */
export async function diffDatabaseAgainstPrismaSchema(
  db: Queryable,
  options: { allowList?: readonly string[]; schemaText?: string } = {},
): Promise<string[]> {
  const expected = expectedSchemaFacts(options.schemaText ?? (await readPrismaSchema()));
  return diffSchemas(expected, await readDatabaseFacts(db), options.allowList);
}
