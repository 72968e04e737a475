import type { Endpoint } from '@app/contracts';
import * as contracts from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { openApiRoutes } from './platform/openapi/openapi.routes';
import { allRoutes, routesByDomain } from './routes';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/** Every endpoint packages/contracts declares (in `…Endpoints` objects, nested ones included). */
function declared(value: unknown, found: Endpoint[] = []): Endpoint[] {
  if (isEndpoint(value)) found.push(value);
  else if (typeof value === 'object' && value !== null)
    for (const inner of Object.values(value)) declared(inner, found);
  return found;
}

const served = [...allRoutes, ...openApiRoutes(routesByDomain)].map((def) => def.endpoint);
const contractEndpoints = declared(
  Object.fromEntries(Object.entries(contracts).filter(([name]) => name.endsWith('Endpoints'))),
);
const label = (target: Endpoint) => `${target.method} ${target.path}`;

describe('endpoints declared in @app/contracts', () => {
  it('are each served by exactly one route', () => {
    expect(contractEndpoints.length).toBeGreaterThan(100);
    const unserved = contractEndpoints.filter((target) => served.filter((s) => s === target).length !== 1);
    expect(unserved.map(label)).toEqual([]);
  });

  it('are the only endpoints the API serves (no route declares its own path)', () => {
    expect(served.filter((target) => !contractEndpoints.includes(target)).map(label)).toEqual([]);
  });

  it('name no method and path twice', () => {
    const labels = contractEndpoints.map(label);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
  });
});
