// Tags of measures and cohorts are tag links, as for every other taggable object: their answers carry the links, their
// saves write them (owners only, core's name rules), their lists filter by them, and the tags API sees the same links.
import { describe, expect, it } from 'vitest';
import type { Session } from '../support/test-app.js';
import { ok, rison, STORE_BACKENDS, title, useWorld } from './chart-harness.js';

interface Kind {
  type: 'measure' | 'cohort';
  nameField: 'measure_name' | 'cohort_name';
  body: (name: string) => Record<string, unknown>;
}

const KINDS: Kind[] = [
  {
    type: 'measure',
    nameField: 'measure_name',
    body: (name) => ({
      measure_name: name,
      viz_type: 'measure',
      params: {
        viz_type: 'measure',
        metrics: [{ expressionType: 'SIMPLE', label: name, column: { column_name: 'total' }, aggregate: 'SUM' }],
      },
    }),
  },
  {
    type: 'cohort',
    nameField: 'cohort_name',
    body: (name) => ({
      cohort_name: name,
      viz_type: 'cohort',
      params: {
        adhoc_filters: [
          { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'total', operatorId: 'GREATER_THAN', comparator: 1 },
        ],
      },
    }),
  },
];

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('measure and cohort tags', backend), () => {
    const w = useWorld(backend);
    const db = () => w.t.ctx.store.db;

    for (const kind of KINDS) {
      const base = `/api/v1/${kind.type}/`;
      const create = async (session: Session, name: string, extra: Record<string, unknown> = {}) =>
        ok(
          await session.request({
            method: 'POST',
            url: base,
            payload: { datasource_id: w.ordersId, datasource_type: 'table', ...kind.body(name), ...extra },
          }),
          201,
        ).id as number;
      const read = async (session: Session, id: number) =>
        ok(await session.request({ method: 'GET', url: `${base}${id}` })).result;
      /** The tag names linked to the object, straight from the store. */
      const linkedNames = async (id: number) =>
        (
          await db()
            .selectFrom('tagged_object')
            .innerJoin('tag', 'tag.id', 'tagged_object.tag_id')
            .select('tag.name')
            .where('tagged_object.object_type', '=', kind.type)
            .where('tagged_object.object_id', '=', id)
            .orderBy('tag.name')
            .execute()
        ).map((row) => row.name);
      const tagIdOf = async (name: string) =>
        (await db().selectFrom('tag').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

      it(`a ${kind.type}'s tags are its tag links: saved on create and update, answered like a chart's`, async () => {
        const id = await create(w.gamma.session, `${kind.type} tagged`, { tags: [' finance ', 'finance', 'q1'] });
        expect(await linkedNames(id)).toEqual(['finance', 'q1']);
        const detail = await read(w.gamma.session, id);
        expect(detail.tags).toEqual([
          { id: await tagIdOf('finance'), name: 'finance', type: 1 },
          { id: await tagIdOf('q1'), name: 'q1', type: 1 },
        ]);

        // An update replaces the set; the answer's own tag objects are accepted back.
        ok(
          await w.gamma.session.request({
            method: 'PUT',
            url: `${base}${id}`,
            payload: { tags: [detail.tags[0], 'q2'] },
          }),
        );
        expect(await linkedNames(id)).toEqual(['finance', 'q2']);
        // An update without tags leaves them alone.
        ok(await w.gamma.session.request({ method: 'PUT', url: `${base}${id}`, payload: { description: 'kept' } }));
        expect(await linkedNames(id)).toEqual(['finance', 'q2']);

        // A tag put on through the tags API shows in the object's answer, and the tags API sees the saved ones.
        const typeId = kind.type === 'measure' ? 5 : 6;
        ok(
          await w.gamma.session.request({
            method: 'POST',
            url: `/api/v1/tag/${typeId}/${id}/`,
            payload: { properties: { tags: ['from-api'] } },
          }),
          201,
        );
        expect((await read(w.gamma.session, id)).tags.map((tag: { name: string }) => tag.name)).toEqual([
          'finance',
          'from-api',
          'q2',
        ]);
        const objects = ok(
          await w.gamma.session.request({ method: 'GET', url: `/api/v1/tag/get_objects/?tags=q2&types=${kind.type}` }),
        ).result;
        expect(objects.map((object: { id: number; type: string }) => [object.type, object.id])).toEqual([
          [kind.type, id],
        ]);

        // An empty list takes every tag off.
        ok(await w.gamma.session.request({ method: 'PUT', url: `${base}${id}`, payload: { tags: [] } }));
        expect(await linkedNames(id)).toEqual([]);
        expect((await read(w.gamma.session, id)).tags).toEqual([]);
      });

      it(`a ${kind.type}'s tag names follow the tag rules, and a refused save writes nothing`, async () => {
        const id = await create(w.gamma.session, `${kind.type} rules`, { tags: ['kept'] });
        const tagsBefore = await db().selectFrom('tag').select('name').orderBy('name').execute();
        const rowsBefore = await db()
          .selectFrom(`${kind.type}s` as 'measures')
          .select('id')
          .execute();
        for (const [tags, message] of [
          [['a,b'], 'A tag name cannot contain a comma.'],
          [['owner:1'], 'A tag name cannot contain a colon.'],
          [['  '], 'A tag needs a name.'],
          [['x'.repeat(251)], 'A tag name is at most 250 characters long.'],
        ] as const) {
          for (const request of [
            { method: 'PUT' as const, url: `${base}${id}`, payload: { tags } },
            {
              method: 'POST' as const,
              url: base,
              payload: {
                datasource_id: w.ordersId,
                datasource_type: 'table',
                ...kind.body(`${kind.type} refused`),
                tags,
              },
            },
          ]) {
            const response = await w.gamma.session.request(request);
            expect(response.statusCode, `${request.method} ${JSON.stringify(tags)}`).toBe(400);
            expect(JSON.stringify(response.json().message)).toContain(message);
          }
        }
        expect(await db().selectFrom('tag').select('name').orderBy('name').execute()).toEqual(tagsBefore);
        expect(
          await db()
            .selectFrom(`${kind.type}s` as 'measures')
            .select('id')
            .execute(),
        ).toEqual(rowsBefore);
        expect(await linkedNames(id)).toEqual(['kept']);
      });

      it(`only a ${kind.type}'s owners and admins change its tags`, async () => {
        const id = await create(w.peer.session, `${kind.type} of peer`, { tags: ['peer-tag'] });
        const refused = await w.gamma.session.request({
          method: 'PUT',
          url: `${base}${id}`,
          payload: { tags: ['mine'] },
        });
        expect(refused.statusCode).toBe(403);
        expect(await linkedNames(id)).toEqual(['peer-tag']);
        expect(await db().selectFrom('tag').select('id').where('name', '=', 'mine').execute()).toEqual([]);
        // A user who cannot see it gets 404, and its tags do not leak.
        const hidden = await w.outsider.session.request({
          method: 'PUT',
          url: `${base}${id}`,
          payload: { tags: ['x'] },
        });
        expect(hidden.statusCode).toBe(404);
        ok(await w.admin.request({ method: 'PUT', url: `${base}${id}`, payload: { tags: ['peer-tag', 'admin-tag'] } }));
        expect(await linkedNames(id)).toEqual(['admin-tag', 'peer-tag']);
      });

      it(`the ${kind.type} list filters by tag id and by part of a tag name, to exactly the tagged ones`, async () => {
        const red = await create(w.gamma.session, `${kind.type} red`, { tags: [`${kind.type}-red`] });
        const both = await create(w.gamma.session, `${kind.type} both`, {
          tags: [`${kind.type}-red`, `${kind.type}-blue`],
        });
        const none = await create(w.gamma.session, `${kind.type} none`);
        const list = async (session: Session, filters: unknown[]) =>
          ok(
            await session.request({
              method: 'GET',
              url: `${base}?q=${rison({ filters, order_column: 'id', order_direction: 'asc' })}`,
            }),
          );
        const byId = await list(w.gamma.session, [
          { col: 'tags', opr: `${kind.type}_tag_id`, value: [await tagIdOf(`${kind.type}-red`)] },
        ]);
        expect(byId.ids).toEqual([red, both]);
        expect(byId.count).toBe(2);
        expect(byId.result.map((row: { tags: Array<{ name: string }> }) => row.tags.map((tag) => tag.name))).toEqual([
          [`${kind.type}-red`],
          [`${kind.type}-blue`, `${kind.type}-red`],
        ]);
        const byName = await list(w.gamma.session, [{ col: 'tags', opr: `${kind.type}_tags`, value: 'BLU' }]);
        expect(byName.ids).toEqual([both]);
        expect((await list(w.gamma.session, [{ col: kind.nameField, opr: 'ct', value: 'none' }])).ids).toContain(none);
        // Another user's objects on a dataset they cannot read stay out of the filtered list.
        expect((await list(w.outsider.session, [{ col: 'tags', opr: `${kind.type}_tags`, value: 'red' }])).count).toBe(
          0,
        );
        const bad = await w.gamma.session.request({
          method: 'GET',
          url: `${base}?q=${rison({ filters: [{ col: 'tags', opr: `${kind.type}_tag_id`, value: ['x'] }] })}`,
        });
        expect(bad.statusCode).toBe(400);
      });
    }
  });
}
