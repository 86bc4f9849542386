import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AreaAnswerError, AreaCallError, areaClient, credentialsOf } from './area-client.js';
import type { ConsumedRoute } from './contracts.js';

// The platform's client of other areas' routes, against a tiny app standing for the owner of the routes.

const carers = [
  { id: 1, name: 'Ann Avery', drives: true, secret: 'not read' },
  { id: 2, name: 'Ben Bell', drives: false, secret: 'not read' },
  { id: 3, name: 'Cat Cole', drives: true, secret: 'not read' },
];
const Carer = v.object({ id: v.number(), name: v.string(), drives: v.boolean() });
const rota: ConsumedRoute<v.ArraySchema<typeof Carer, undefined>> = { method: 'GET', path: '/carers/rota', answer: v.array(Carer) };

describe('the area client', () => {
  let app: FastifyInstance;
  /** Every call the owner received: its url and who asked. */
  const calls: { url: string; cookie?: string; authorization?: string }[] = [];

  before(async () => {
    app = Fastify();
    app.addHook('onRequest', async (request) => {
      calls.push({ url: request.url, cookie: request.headers.cookie, authorization: request.headers.authorization });
    });
    app.get('/api/v1/carers/rota', async (request, reply) => {
      if (!request.headers.cookie && !request.headers.authorization) return reply.code(401).send({ status: false, message: 'Unauthenticated.', data: null });
      const ids = String((request.query as { ids?: string }).ids ?? '');
      return { status: true, data: ids ? carers.filter((carer) => ids.split(',').includes(String(carer.id))) : carers };
    });
    app.get('/api/v1/carers/:id/card', async (request) => ({ data: { id: (request.params as { id: string }).id, query: request.query } }));
    app.get('/api/v1/carers/drifted', async () => ({ data: [{ id: 1, name: 'Ann Avery', drives: 'yes' }, { id: '2', name: 'Ben Bell', drives: false }] }));
    app.get('/api/v1/carers/export.csv', async (request, reply) => reply.header('content-type', 'text/csv').send('id,name\r\n1,Ann Avery\r\n'));
    await app.ready();
  });
  after(() => app.close());

  it('asks as the signed-in user and answers the data as the consumer reads it', async () => {
    calls.length = 0;
    const request = { headers: { cookie: 'hcm_session=abc', authorization: 'Bearer t0k', 'x-other': 'kept back' } };
    const rows = await areaClient(app, request).get(rota);
    // Only the fields the consumer declared: the owner's others are not carried on.
    assert.deepEqual(rows, carers.map(({ id, name, drives }) => ({ id, name, drives })));
    assert.deepEqual(calls, [{ url: '/api/v1/carers/rota', cookie: 'hcm_session=abc', authorization: 'Bearer t0k' }]);
    // Credentials kept from a request (a job run after its answer) do as well; empty headers are not forwarded.
    assert.deepEqual(credentialsOf({ headers: { cookie: '', authorization: 'Bearer t0k' } }), { authorization: 'Bearer t0k' });
    await areaClient(app, { authorization: 'Bearer device' }).get(rota);
    assert.deepEqual(calls[1], { url: '/api/v1/carers/rota', cookie: undefined, authorization: 'Bearer device' });
  });

  it('fills path parameters and encodes the query: lists by commas, empty values left out, the form’s query always sent', async () => {
    calls.length = 0;
    const card: ConsumedRoute = { method: 'GET', path: '/carers/:id/card', query: { fields: 'postcode' }, answer: v.object({ id: v.string(), query: v.record(v.string(), v.string()) }) };
    const answer = await areaClient(app, { cookie: 'c=1' }).get(card, { params: { id: 'a/b' }, query: { ids: [4, 8], branch_id: undefined, courses: [], search: '', content: 0, fields: 'everything' } });
    assert.equal(calls[0]!.url, '/api/v1/carers/a%2Fb/card?ids=4%2C8&content=0&fields=postcode');
    assert.deepEqual(answer, { id: 'a/b', query: { ids: '4,8', content: '0', fields: 'postcode' } });
    await assert.rejects(areaClient(app, { cookie: 'c=1' }).get(card), /GET \/carers\/:id\/card\?fields=postcode needs its :id parameter/);
  });

  it('asks many ids in pages, each id once; without ids once, with none not at all', async () => {
    calls.length = 0;
    const client = areaClient(app, { cookie: 'c=1' });
    const rows = await client.list(rota, { param: 'ids', ids: [3, 1, 3, 2], pageSize: 2 });
    assert.deepEqual(calls.map((call) => call.url), ['/api/v1/carers/rota?ids=3%2C1', '/api/v1/carers/rota?ids=2']);
    assert.deepEqual(rows.map((row) => row.id), [1, 3, 2]);
    calls.length = 0;
    assert.equal((await client.list(rota, { param: 'ids', ids: undefined })).length, 3);
    assert.deepEqual(await client.list(rota, { param: 'ids', ids: [] }), []);
    assert.deepEqual(calls.map((call) => call.url), ['/api/v1/carers/rota']);
  });

  it('an answer other than 200 is an error with the url, the status and the body', async () => {
    const error = await areaClient(app, {}).get(rota).catch((caught: unknown) => caught);
    assert.ok(error instanceof AreaCallError);
    assert.equal(error.url, '/api/v1/carers/rota');
    assert.equal(error.statusCode, 401);
    assert.match(error.body, /Unauthenticated/);
    assert.match(error.message, /\/api\/v1\/carers\/rota answered 401/);
    // A route the owner does not serve (404) likewise: the caller decides what that means.
    await assert.rejects(areaClient(app, { cookie: 'c=1' }).get({ ...rota, path: '/carers/gone' }), (caught: unknown) => caught instanceof AreaCallError && caught.statusCode === 404);
  });

  it('an answer the consumer does not read as declared is an error naming the route and the fields', async () => {
    const error = await areaClient(app, { cookie: 'c=1' })
      .get({ ...rota, path: '/carers/drifted' })
      .catch((caught: unknown) => caught);
    assert.ok(error instanceof AreaAnswerError);
    assert.equal(error.route, 'GET /carers/drifted');
    assert.deepEqual(
      error.fields.map((field) => field.split(':')[0]),
      ['data[0].drives', 'data[1].id'],
    );
    assert.match(error.message, /^GET \/carers\/drifted \(\/api\/v1\/carers\/drifted\) answered data the consumer does not read as declared: data\[0\]\.drives: Invalid type/);
    // A body that is not JSON at all (a file where data was expected) likewise.
    const notJson = await areaClient(app, { cookie: 'c=1' })
      .get({ ...rota, path: '/carers/export.csv' })
      .catch((caught: unknown) => caught);
    assert.ok(notJson instanceof AreaAnswerError);
    assert.deepEqual(notJson.fields, ['data: the answer is not JSON']);
  });

  it('reads a file route’s body (CSV) as text', async () => {
    const csv: ConsumedRoute<v.StringSchema<undefined>> = { method: 'GET', path: '/carers/export.csv', answer: v.string() };
    assert.equal(await areaClient(app, { cookie: 'c=1' }).text(csv), 'id,name\r\n1,Ann Avery\r\n');
  });
});
