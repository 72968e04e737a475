import { createHash } from 'node:crypto';
import { RECHARGE_PROOF_MAX_BYTES, ResultCode } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
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

/**
 * Reads the recharge form: multipart text fields plus an optional proof file, or a JSON body without
 * one. The proof must be an image by its content (magic bytes), not by its name or declared type.
 */
export async function readRechargeForm(
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; proof: Proof | null; proofHash: string | null }> {
  if (!req.isMultipart())
    return { fields: (req.body ?? {}) as Record<string, unknown>, proof: null, proofHash: null };
  const fields: Record<string, unknown> = {};
  let proof: Proof | null = null;
  for await (const part of req.parts({ limits: { fileSize: RECHARGE_PROOF_MAX_BYTES, files: 1 } })) {
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
