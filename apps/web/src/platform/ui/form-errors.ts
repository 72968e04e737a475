import type { FormInstance } from 'antd';
import { ApiError } from '../http';

/**
 * Puts the per-field reasons of a 422 answer (`data.errors[{field, message}]`)
 * under the matching antd Form fields. Returns whether any field was marked.
 *   try { await request(endpoint, { body: values }) } catch (e) { applyFieldErrors(form, e) }
 */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true)));
  const fields = error.fieldErrors
    .map((e) => ({ name: e.field.split('.').map(pathPart), errors: [e.message] }))
    .filter((f) => known.has(String(f.name[0])));
  form.setFields(fields);
  return fields.length > 0;
}

/** 'params.ratio.bpByLevel.2': list indexes are numbers in antd name paths. */
const pathPart = (part: string) => (/^\d+$/.test(part) ? Number(part) : part);
