import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http';
import { applyFieldErrors } from './form-errors';

describe('applyFieldErrors', () => {
  it("puts a 422's reasons under the named fields, list indexes as numbers, and skips fields the form lacks", () => {
    const setFields = vi.fn();
    const form = { getFieldsValue: () => ({ params: {} }), setFields } as unknown as FormInstance;
    const error = new ApiError(422, 'invalid', {
      errors: [
        { field: 'params.ratio.bpByLevel.2', message: 'Value is too large' },
        { field: 'other', message: 'x' },
      ],
    });
    expect(applyFieldErrors(form, error)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['params', 'ratio', 'bpByLevel', 2], errors: ['Value is too large'] },
    ]);
  });
});
