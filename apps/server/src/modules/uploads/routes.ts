import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import { requireUserByTokenOrCookie } from '../../http/authenticate-with-cookie';
import { Refusal, refuse } from '../../core/refusal';
import type { RouteDeps } from '../../app/deps';

/**
 * What a failure while reading a multipart body answers: a file over the limit is `file too big`;
 * any other parser failure (a truncated body, a wrong boundary, too many parts) is the client's
 * malformed body, a 400 envelope like every malformed body, never a server fault.
 */
function multipartFailure(error: unknown): unknown {
  if (error instanceof Refusal) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new Refusal('file too big');
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  // the parser's own limits already say what they are (413 too many parts, and so on)
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return Object.assign(new Error('malformed multipart body', { cause: error }), { statusCode: 400, code: typeof code === 'string' ? code : 'FST_MULTIPART_MALFORMED' });
}

export const uploadRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  // two files allowed through the parser so that a second one can be refused by name
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10 } });

  app.post(
    '/upload',
    {
      // old clients send no Authorization here: the session cookie of their login stands in
      onRequest: requireUserByTokenOrCookie(services.auth),
      schema: {
        tags: ['account'],
        summary: 'Upload one identity photo (multipart, field "file"): jpg or png by content, at most 4 MB',
        description: 'The token comes from Authorization, or else from the session cookie set at login (httpOnly, SameSite=Lax).',
        consumes: ['multipart/form-data'],
        response: { 200: replySchema(z.string().describe('the image URL')) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) refuse('parameter error');
      let image: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (image) refuse('upload one file at a time');
          image = await part.toBuffer();
        }
      } catch (error) {
        throw multipartFailure(error);
      }
      if (!image) refuse('parameter error');
      return { type: 'ok' as const, message: await services.uploads.storeImage(currentUser(request).id, image) };
    },
  );
};
