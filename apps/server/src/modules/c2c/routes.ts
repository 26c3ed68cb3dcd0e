import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  c2cAd,
  c2cAdListQuery,
  c2cAdOrdersQuery,
  c2cAppealBody,
  c2cIdBody,
  c2cIdQuery,
  c2cOrder,
  c2cPage,
  c2cPageQuery,
  c2cSendBody,
  c2cTakeBody,
  c2cTaken,
  cashInfo,
  cashSaveBody,
  replySchema,
} from '@tessera/protocol';
import { z } from 'zod';
import type { RouteDeps } from '../../app/deps';
import { currentMember, currentUser } from '../../http/authenticate';
import { pageRequest } from '../../lib/paging';
import type { OrderStep } from './service';

const done = { type: 'ok' as const, message: 'operation ok' };
const ack = replySchema(z.string());

/** Payment methods and peer-to-peer fiat trading. All private; every order call is for its two parties only. */
export const c2cRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, requireUser }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['c2c'];

  app.post(
    '/user/cash_info',
    { schema: { tags, summary: 'The caller’s payment methods (empty strings when none is saved)', response: { 200: replySchema(cashInfo) } } },
    async (request) => ({ type: 'ok' as const, message: await services.cashInfo.info(currentUser(request).id) }),
  );

  app.post(
    '/user/cash_save',
    { schema: { tags, summary: 'Save payment methods: a real name and at least one of bank card, Alipay, WeChat', body: cashSaveBody, response: { 200: ack } } },
    async (request) => {
      await services.cashInfo.save(currentMember(request).id, request.body);
      return done;
    },
  );

  app.post(
    '/c2c_send',
    {
      schema: {
        tags,
        summary: 'Publish an ad; a sell ad escrows its coins from the legal wallet',
        description: 'Type 998 without verified identity, 997 without payment methods covering every chosen way.',
        body: c2cSendBody,
        response: { 200: ack },
      },
    },
    async (request) => {
      await services.c2c.publish(currentUser(request).id, request.body);
      return done;
    },
  );

  app.get(
    '/c2c_deal_platform',
    { schema: { tags, summary: 'Open ads of a type, best price first', querystring: c2cAdListQuery, response: { 200: replySchema(c2cPage(c2cAd)) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.c2c.market(currentUser(request).id, request.query.type, request.query.currency_id, pageRequest(request.query.page, request.query.limit)),
    }),
  );

  app.post(
    '/c2c/do_legal_deal',
    {
      schema: {
        tags,
        summary: 'Take an ad: opens an order with a 15-minute payment window',
        description: 'Type 998 without verified identity, 997 without payment methods.',
        body: c2cTakeBody,
        response: { 200: replySchema(c2cTaken) },
      },
    },
    async (request) => ({
      type: 'ok' as const,
      message: { msg: 'operation ok', id: await services.c2c.take(currentUser(request).id, request.body.id, request.body.number) },
    }),
  );

  app.get(
    '/c2c/seller_trade',
    { schema: { tags, summary: 'The caller’s own ads, newest first', querystring: c2cAdListQuery, response: { 200: replySchema(c2cPage(c2cAd)) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.c2c.myAds(currentUser(request).id, request.query.type, request.query.currency_id, pageRequest(request.query.page, request.query.limit)),
    }),
  );

  app.post(
    '/c2c/back_send',
    { schema: { tags, summary: 'Withdraw one of the caller’s ads: what no order holds is released', body: c2cIdBody, response: { 200: ack } } },
    async (request) => {
      await services.c2c.withdraw(currentUser(request).id, request.body.id);
      return done;
    },
  );

  app.get(
    '/c2c_user_deal',
    { schema: { tags, summary: 'Orders the caller took, newest first', querystring: c2cPageQuery, response: { 200: replySchema(c2cPage(c2cOrder)) } } },
    async (request) => ({ type: 'ok' as const, message: await services.c2c.myOrders(currentUser(request).id, pageRequest(request.query.page, request.query.limit)) }),
  );

  app.get(
    '/c2c_deal',
    { schema: { tags, summary: 'One order, for its two parties', querystring: c2cIdQuery, response: { 200: replySchema(c2cOrder) } } },
    async (request) => ({ type: 'ok' as const, message: await services.c2c.order(currentUser(request).id, request.query.id) }),
  );

  app.get(
    '/c2c/legal_send_deal_list',
    { schema: { tags, summary: 'Orders on one of the caller’s ads, newest first', querystring: c2cAdOrdersQuery, response: { 200: replySchema(c2cPage(c2cOrder)) } } },
    async (request) => ({
      type: 'ok' as const,
      message: await services.c2c.ordersOfAd(currentUser(request).id, request.query.id, pageRequest(request.query.page, request.query.limit)),
    }),
  );

  const step = (path: string, kind: OrderStep, summary: string) =>
    app.post(path, { schema: { tags, summary, body: c2cIdBody, response: { 200: ack } } }, async (request) => {
      await services.c2c.step(currentUser(request).id, request.body.id, kind);
      return done;
    });
  step('/c2c/user_legal_pay_cancel', 'c2c_cancel', 'The buyer cancels an unpaid order: its coins go back to the ad');
  step('/c2c/user_legal_pay', 'c2c_pay', 'The buyer declares an unpaid order paid');
  step('/c2c/legal_deal_user_sure', 'c2c_release', 'The seller confirms receipt (from the taker’s view): the coins go to the buyer');
  step('/c2c/legal_deal_sure', 'c2c_release', 'The seller confirms receipt (from the publisher’s view): the coins go to the buyer');

  app.post(
    '/c2c/appeal',
    {
      schema: {
        tags,
        summary: 'Appeal a paid order the seller has not released within the appeal window, with a message and a proof image',
        body: c2cAppealBody,
        response: { 200: ack },
      },
    },
    async (request) => {
      await services.c2c.appeal(currentUser(request).id, request.body.id, request.body.message, request.body.image);
      return done;
    },
  );
};
