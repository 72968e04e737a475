import type { ChartNode } from './model';

/** Builds a chart tree from a nested spec: ['root', ['a', ['a1'], ['a2']], ['b']]. */
export type Spec = [string, ...Spec[]];
export function tree([label, ...kids]: Spec, pid: string | null = null): ChartNode {
  return { id: label, pid, label, children: kids.map((k) => tree(k, label)) };
}
