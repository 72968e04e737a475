import { createHash } from 'node:crypto';
import { RECHARGE_PROOF_MAX_BYTES, ResultCode } from '@app/contracts';
import type { Multipart } from '@fastify/multipart';
import { sniffAttachmentType } from '../content/file-sniff';
import { AppError, fieldError } from '../platform/http/errors';

export interface Proof {
  type: string;
  data: Buffer;
}

const tooLarge = () => {
  const params = { max: RECHARGE_PROOF_MAX_BYTES / 1024 / 1024 };
  return new AppError(ResultCode.VALIDATION, 'wallet.fileTooLarge', params, {
    errors: [{ field: 'proof', message: 'wallet.fileTooLarge', params }],
  });
};

/** The limits the route reads a multipart recharge form with (`req.parts({ limits })`). */
export const RECHARGE_FORM_LIMITS = { fileSize: RECHARGE_PROOF_MAX_BYTES, files: 1 };

/**
 * Reads the recharge form: multipart text fields plus an optional proof file (`parts`, read with
 * RECHARGE_FORM_LIMITS), or else a JSON `body` without one. The proof must be an image by its content
 * (magic bytes), not by its name or declared type.
 */
export async function readRechargeForm(
  parts: AsyncIterable<Multipart> | null,
  body: unknown,
): Promise<{ fields: Record<string, unknown>; proof: Proof | null; proofHash: string | null }> {
  if (!parts) return { fields: (body ?? {}) as Record<string, unknown>, proof: null, proofHash: null };
  const fields: Record<string, unknown> = {};
  let proof: Proof | null = null;
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    const data = await part.toBuffer().catch((error: { code?: string }) => {
      throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
    });
    if (data.length === 0) continue;
    const type = sniffAttachmentType(data);
    if (!type?.startsWith('image/')) throw fieldError('proof', 'wallet.imageOnly');
    proof = { type, data };
  }
  const proofHash = proof ? createHash('sha256').update(proof.data).digest('hex') : null;
  return { fields, proof, proofHash };
}
