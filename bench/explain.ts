// EXPLAIN (ANALYZE, BUFFERS) of a captured statement, with the same bound
// values (an unnamed statement is planned with its values, as Prisma's are),
// summarised as one line per plan node.
import pg from 'pg';
import type { Statement } from './capture';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Sort Method'?: string;
  'Sort Key'?: string[];
  'Actual Total Time': number;
  'Actual Rows': number;
  'Actual Loops': number;
  'Plan Rows': number;
  'Exact Heap Blocks'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

export interface PlanSummary {
  lines: string[];
  /** Every node as "Node Type" or "Node Type using index". */
  nodes: Array<{ type: string; index?: string }>;
  executionMs: number;
  planningMs: number;
}

export async function explain(pool: pg.Pool, statement: Statement): Promise<PlanSummary> {
  const { rows } = await pool.query<{
    'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number; JIT?: { Functions: number; Timing: { Total: number } } }>;
  }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`,
    statement.values,
  );
  const [root] = rows[0]['QUERY PLAN'];
  const lines: string[] = [];
  const nodes: PlanSummary['nodes'] = [];
  const shorten = (text: string) => text.replace(/"public"\."properties"\./g, '').replace(/"public"\./g, '').replace(/::"PropertyStatus"/g, '');
  const walk = (node: PlanNode, depth: number) => {
    nodes.push({ type: node['Node Type'], index: node['Index Name'] });
    const pad = '  '.repeat(depth);
    let head = `${pad}${node['Node Type']}`;
    if (node['Scan Direction'] === 'Backward') head += ' Backward';
    if (node['Index Name']) head += ` using ${node['Index Name']}`;
    if (node['Relation Name']) head += ` on ${node['Relation Name']}`;
    head += `  (rows ${node['Actual Rows']}${node['Actual Loops'] > 1 ? ` x${node['Actual Loops']} loops` : ''}, est. ${node['Plan Rows']}; ${node['Actual Total Time'].toFixed(3)} ms; buffers hit ${node['Shared Hit Blocks']} read ${node['Shared Read Blocks']})`;
    lines.push(head);
    const detail = (label: string, value: string | number | undefined) => {
      if (value !== undefined && value !== 0) lines.push(`${pad}    ${label}: ${typeof value === 'string' ? shorten(value) : value}`);
    };
    detail('Index Cond', node['Index Cond']);
    detail('Recheck Cond', node['Recheck Cond']);
    detail('Filter', node.Filter);
    detail('Rows Removed by Filter', node['Rows Removed by Filter']);
    detail('Rows Removed by Index Recheck', node['Rows Removed by Index Recheck']);
    detail('Heap blocks', node['Exact Heap Blocks']);
    if (node['Sort Key']) detail('Sort', `${node['Sort Key'].map(shorten).join(', ')} (${node['Sort Method'] ?? '?'})`);
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(root.Plan, 0);
  const jit = root.JIT ? `, JIT ${root.JIT.Functions} functions in ${root.JIT.Timing.Total.toFixed(3)} ms` : ', no JIT';
  lines.push(`Planning ${root['Planning Time'].toFixed(3)} ms, execution ${root['Execution Time'].toFixed(3)} ms${jit}`);
  return { lines, nodes, executionMs: root['Execution Time'], planningMs: root['Planning Time'] };
}
