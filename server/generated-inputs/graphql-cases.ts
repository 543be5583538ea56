// Generated GraphQL requests, read from the schema itself: one target per Query
// and Mutation field, whose operation passes every argument of the field (and of
// the fields under it that take arguments, such as Conversation.messages) as a
// variable, and whose variables are drawn from the arguments' declared types.
// A field added to the schema is a new target without any change here.
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { anyJson, anyText, cursors, edgeAmounts, edgeDates, edgeDateTimes, edgeNumbers, emails, ids, plainText, weighted, type KnownValues } from './edge-values';

export interface GraphqlTarget {
  /** `Query.field` or `Mutation.field`. */
  name: string;
  /** The root field's name (its key in `data`). */
  field: string;
  kind: 'query' | 'mutation';
  /** The operation's text: every argument as a variable. */
  document: string;
  /** The roles its access directive names (empty: any signed-in caller or anyone, see `access`). */
  access: { kind: 'public' | 'signedIn' | 'auth'; roles: string[] };
  variables(known: KnownValues): fc.Arbitrary<Record<string, unknown>>;
}

/** How deep under a root field the operation looks for fields with arguments. */
const MAX_DEPTH = 3;

interface VariableSlot {
  variable: string;
  argument: GraphQLArgument;
}

export function graphqlTargets(schema: GraphQLSchema): GraphqlTarget[] {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const;
  return roots.flatMap(([kind, type]) =>
    Object.values(type?.getFields() ?? {}).map((field) => {
      const slots: VariableSlot[] = [];
      const selection = fieldSelection(field, slots, 0);
      const declarations = slots.map(({ variable, argument }) => `$${variable}: ${String(argument.type)}`).join(', ');
      const document = `${kind} Generated${declarations ? `(${declarations})` : ''} { ${selection} }`;
      return {
        name: `${type!.name}.${field.name}`,
        field: field.name,
        kind,
        document,
        access: accessOf(field),
        variables: (known: KnownValues) => variablesOf(slots, known),
      } satisfies GraphqlTarget;
    }),
  );
}

/** `field(arg: $v0, ...) { ... }`, registering each argument as a variable slot. */
function fieldSelection(field: GraphQLField<unknown, unknown>, slots: VariableSlot[], depth: number): string {
  const args = field.args.map((argument) => {
    const variable = `v${slots.length}`;
    slots.push({ variable, argument });
    return `${argument.name}: $${variable}`;
  });
  const named = getNamedType(field.type);
  const sub = isObjectType(named) ? ` { ${objectSelection(named, slots, depth + 1)} }` : '';
  return `${field.name}${args.length ? `(${args.join(', ')})` : ''}${sub}`;
}

/** `__typename` plus the fields below that take arguments (so each is exercised too). */
function objectSelection(type: GraphQLObjectType, slots: VariableSlot[], depth: number): string {
  const parts = ['__typename'];
  if (depth < MAX_DEPTH) {
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (field.args.length || (isObjectType(named) && hasArgumentsBelow(named, depth + 1, new Set()))) parts.push(fieldSelection(field, slots, depth));
    }
  }
  return parts.join(' ');
}

function hasArgumentsBelow(type: GraphQLObjectType, depth: number, seen: Set<string>): boolean {
  if (depth >= MAX_DEPTH || seen.has(type.name)) return false;
  seen.add(type.name);
  return Object.values(type.getFields()).some((field) => {
    const named = getNamedType(field.type);
    return field.args.length > 0 || (isObjectType(named) && hasArgumentsBelow(named, depth + 1, seen));
  });
}

function accessOf(field: GraphQLField<unknown, unknown>): GraphqlTarget['access'] {
  for (const directive of field.astNode?.directives ?? []) {
    const name = directive.name.value;
    if (name === 'public' || name === 'signedIn') return { kind: name, roles: [] };
    if (name === 'auth') {
      const roles = directive.arguments?.find((argument) => argument.name.value === 'roles')?.value;
      return { kind: 'auth', roles: roles?.kind === 'ListValue' ? roles.values.flatMap((value) => (value.kind === 'EnumValue' ? [value.value] : [])) : [] };
    }
  }
  return { kind: 'public', roles: [] };
}

/** Left out of the variables (the argument's default, or absent). */
const OMITTED = Symbol('omitted');

/**
 * Each case is mostly valid values with a share of edge values (`edgeRate`, drawn
 * per case: none, a few, many, all), so that generated requests reach past the
 * first check they meet as well as hitting each check with its edges.
 */
export const EDGE_RATES = fc.constantFrom(0, 0.1, 0.1, 0.25, 0.25, 0.5, 1);

function variablesOf(slots: VariableSlot[], known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  return byEdgeRate((edgeRate) => {
    const entries = slots.map(({ variable, argument }) => valueOf(argument.type, argument.name, { known, edgeRate, depth: 0 }).map((value) => [variable, value] as const));
    return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, value]) => value !== OMITTED)));
  });
}

/** An arbitrary built once per edge rate (not once per case), one rate drawn per case. */
export function byEdgeRate<T>(build: (edgeRate: number) => fc.Arbitrary<T>): fc.Arbitrary<T> {
  const built = new Map<number, fc.Arbitrary<T>>();
  return EDGE_RATES.chain((edgeRate) => {
    let arbitrary = built.get(edgeRate);
    if (!arbitrary) built.set(edgeRate, (arbitrary = build(edgeRate)));
    return arbitrary;
  });
}

interface Draw {
  known: KnownValues;
  /** The share of values drawn from the edges rather than from valid ones. */
  edgeRate: number;
  depth: number;
}

/** `valid` with probability 1 - edgeRate, else `edge`. */
export function validOrEdge<T>(edgeRate: number, valid: fc.Arbitrary<T>, edge: fc.Arbitrary<T>): fc.Arbitrary<T> {
  if (edgeRate <= 0) return valid;
  if (edgeRate >= 1) return edge;
  const edgeWeight = Math.round(edgeRate * 100);
  return weighted([100 - edgeWeight, valid], [edgeWeight, edge]);
}

/** A value for an input of `type`, named `name` (the name says what a String or ID holds). */
function valueOf(type: GraphQLInputType, name: string, draw: Draw): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return validOrEdge(draw.edgeRate, nullableValueOf(type.ofType, name, draw), weighted<unknown>([8, nullableValueOf(type.ofType, name, draw)], [1, fc.constantFrom(null, OMITTED)], [1, anyJson]));
  return validOrEdge(
    draw.edgeRate,
    weighted<unknown>([3, nullableValueOf(type, name, draw)], [1, fc.constant(OMITTED)]),
    weighted<unknown>([6, nullableValueOf(type, name, draw)], [1, fc.constant(null)], [1, fc.constant(OMITTED)], [1, anyJson]),
  );
}

function nullableValueOf(type: GraphQLInputType, name: string, draw: Draw): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueOf(type, name, draw);
  const inner = { ...draw, depth: draw.depth + 1 };
  if (isListType(type)) {
    const item = valueOf(type.ofType, name, inner);
    return validOrEdge(draw.edgeRate, fc.array(item, { maxLength: 3 }), weighted<unknown>([4, fc.array(item, { maxLength: 4 })], [1, fc.array(item, { minLength: 20, maxLength: 40 })], [1, item]));
  }
  if (isEnumType(type)) {
    const values = type.getValues().map((value) => value.name);
    return validOrEdge(draw.edgeRate, fc.constantFrom(...values), weighted<unknown>([4, fc.constantFrom(...values)], [1, fc.constantFrom('', 'NOT_A_VALUE', 'admin', 'pending')]));
  }
  if (isInputObjectType(type)) {
    if (draw.depth > 4) return fc.constant({});
    const fields = Object.values(type.getFields());
    const record = fc
      .tuple(...fields.map((field) => valueOf(field.type, field.name, inner)))
      .map((values) => Object.fromEntries(fields.map((field, index) => [field.name, values[index]]).filter(([, value]) => value !== OMITTED)));
    return validOrEdge(draw.edgeRate, record, weighted([5, record], [1, record.map((value) => ({ ...value, notAField: 'x' }))]));
  }
  if (isScalarType(type)) return validOrEdge(draw.edgeRate, validScalar(type.name, name, draw.known), edgeScalar(type.name, name, draw.known));
  return anyJson;
}

function validScalar(scalar: string, name: string, known: KnownValues): fc.Arbitrary<unknown> {
  switch (scalar) {
    case 'Int':
    case 'Float':
      return name === 'yearBuilt' ? fc.integer({ min: 1900, max: 2025 }) : fc.integer({ min: 1, max: 20 });
    case 'Boolean':
      return fc.boolean();
    case 'ID':
      return fc.constantFrom(...known.ids);
    case 'DateTime':
      return fc.date({ noInvalidDate: true, min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') }).map((date) => date.toISOString());
    case 'Date':
      return fc.constantFrom(nextYear('06-01'), nextYear('12-31'));
    case 'Decimal':
      return fc.constantFrom('1500.00', '1000', '2000.00', '1', '1250.50');
    default:
      return validString(name, known);
  }
}

function edgeScalar(scalar: string, name: string, known: KnownValues): fc.Arbitrary<unknown> {
  switch (scalar) {
    case 'Int':
    case 'Float':
      return weighted<unknown>([8, edgeNumbers], [1, fc.constantFrom('10', '')]);
    case 'Boolean':
      return fc.constantFrom('true', 0, 1, '');
    case 'ID':
      return ids(known);
    case 'DateTime':
      return edgeDateTimes;
    case 'Date':
      return weighted([5, edgeDates], [1, edgeDateTimes]);
    case 'Decimal':
      return edgeAmounts;
    default:
      return stringFor(name, known);
  }
}

/** A String of the kind a client sends for an input named `name`. */
export function validString(name: string, known: KnownValues): fc.Arbitrary<string> {
  const lower = name.toLowerCase();
  if (lower === 'after' || lower === 'cursor') return known.cursors.length ? fc.constantFrom(...known.cursors) : fc.constant('');
  if (lower.includes('email')) return fc.constantFrom(...known.emails);
  if (lower === 'id' || lower.endsWith('id')) return fc.constantFrom(...known.ids);
  if (lower === 'image' || lower === 'photos' || lower.endsWith('url')) return fc.constantFrom('/uploads/a.webp', 'https://images.example.test/a.jpg');
  if (lower === 'search' || lower === 'location') return fc.constantFrom('banani', 'Dhaka', 'gulshan', '');
  return plainText;
}

/** A String at its edges, for an input named `name`. */
export function stringFor(name: string, known: KnownValues): fc.Arbitrary<string> {
  const lower = name.toLowerCase();
  if (lower === 'after' || lower === 'cursor') return cursors(known);
  if (lower.includes('email')) return emails(known);
  if (lower === 'id' || lower.endsWith('id')) return ids(known);
  if (lower === 'image' || lower === 'photos' || lower.endsWith('url')) {
    return weighted([4, fc.constantFrom('/uploads/a.webp', 'https://images.example.test/a.jpg', 'http://x', '/uploads/', 'javascript:alert(1)', 'data:image/png;base64,AAAA')], [3, anyText]);
  }
  return anyText;
}

function nextYear(monthDay: string): string {
  return `${new Date().getUTCFullYear() + 1}-${monthDay}`;
}
