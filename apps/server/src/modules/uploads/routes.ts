import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, replySchema } from '@tessera/protocol';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate';
import { requireUserByTokenOrCookie } from '../../http/authenticate-with-cookie';
import { refuse } from '../../core/refusal';
import type { RouteDeps } from '../../app/deps';

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
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (image) refuse('upload one file at a time');
        try {
          image = await part.toBuffer();
        } catch {
          refuse('file too big');
        }
      }
      if (!image) refuse('parameter error');
      return { type: 'ok' as const, message: await services.uploads.storeImage(currentUser(request).id, image) };
    },
  );
};
