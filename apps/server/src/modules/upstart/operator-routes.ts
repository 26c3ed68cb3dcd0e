import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { MAX_INTEGER_ID, upstartProjectInput } from '@tessera/protocol';
import { z } from 'zod';
import { refuse } from '../../core/refusal';
import type { Services } from '../../app/services';
import { table, tableReply } from '../admin/back-office-routes';
import { MAY } from '../admin/roles';
import type { ProjectInput } from './repository';
import { PAY_CURRENCY } from './service';

export interface OperatorRouteOptions {
  services: Services;
  operatorOf: (request: FastifyRequest) => number;
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INTEGER_ID) });

function projectInput(body: z.infer<typeof upstartProjectInput>): ProjectInput {
  const startAt = new Date(body.start_at);
  const endAt = new Date(body.end_at);
  if (endAt <= startAt) refuse('parameter error');
  if (Number(body.total) <= 0 || Number(body.price) <= 0) refuse('parameter error');
  return {
    currencyId: body.currency_id,
    payCurrencyId: PAY_CURRENCY.id,
    title: body.title,
    abstract: body.abstract,
    content: body.content,
    total: body.total,
    price: body.price,
    stage: body.stage,
    startAt,
    endAt,
    frozenHours: body.frozen_hours,
  };
}

/** Operators publish and edit subscription projects (docs/upstart.md). */
export const upstartOperatorRoutes: FastifyPluginAsyncZod<OperatorRouteOptions> = async (app, { services, operatorOf }) => {
  const tags = ['operator'];

  app.get(
    '/upstart/projects',
    {
      config: { roles: MAY.read },
      schema: {
        tags,
        summary: 'Subscription projects, newest first, with what each sold; filters: `stage` (1–4), part of the title or token name (`q`); paged, CSV',
        querystring: z.object({ ...table, stage: z.enum(['1', '2', '3', '4', '']).default(''), q: z.string().trim().max(100).default('') }),
      },
    },
    async (request, reply) => {
      const { stage, q } = request.query;
      const filter = { stage: stage === '' ? undefined : Number(stage), q: q || undefined };
      return tableReply(reply, request.query, 'upstart-projects', (page) => services.upstart.projects(filter, page));
    },
  );

  app.post(
    '/upstart/projects',
    {
      config: { roles: MAY.administer },
      schema: {
        tags,
        summary: 'Publish a project: stage 1 preheat, 2 subscribing, 3 ended, 4 result announced; paid in USDT',
        body: upstartProjectInput,
        response: { 200: z.object({ id: z.int() }) },
      },
    },
    async (request) => {
      const id = await services.upstart.createProject(projectInput(request.body));
      await services.operatorLog.log(operatorOf(request), { action: 'upstart.project.create', target: `project:${id}`, before: null, after: { ...request.body, id } });
      return { id };
    },
  );

  app.put(
    '/upstart/projects/:id',
    { config: { roles: MAY.administer }, schema: { tags, summary: 'Edit a project (its stage, times and terms); subscriptions made keep their price', params: idParams, body: upstartProjectInput, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      const { before, after } = await services.upstart.updateProject(request.params.id, projectInput(request.body));
      await services.operatorLog.log(operatorOf(request), { action: 'upstart.project.update', target: `project:${request.params.id}`, before, after });
      return { ok: true as const };
    },
  );
};
