import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Postgres: a search's matching sections (`search/pageHits.ts`), in a function planned for its
 * values each time it runs (`plan_cache_mode`), so that the statement around it, whose plan does
 * not depend on them, is prepared once per connection and run with a generic plan. As one
 * statement planned per run, a rare word in one space spent 0.53 of its 0.63 ms in parsing and
 * planning, most of it for the grouping and ranking around the match (`docs/performance.md`,
 * session 19). `by_rows`: the space's rows are matched one by one instead of through the GIN
 * index (`ts_match_vq` is `@@` written as a function, which no index answers; `pageHits.ts` says
 * when). SQLite plans every statement with its values and needs nothing.
 */
export const searchHitsFunction = Effect.gen(function* () {
  const sql = yield* SqlClient
  yield* sql.onDialectOrElse({
    pg: () =>
      sql`CREATE FUNCTION quire_search_hits(query tsquery, space_ids text[], weights real[], cap integer, by_rows boolean)
        RETURNS TABLE (id bigint, space_id text, page_id text, anchor text, score double precision)
        LANGUAGE plpgsql STABLE ROWS 100
        SET plan_cache_mode = force_custom_plan
        AS $$
        BEGIN
          IF by_rows THEN
            RETURN QUERY SELECT s.id, s.space_id, s.page_id, s.anchor, CAST(ts_rank(weights, s.document, query) AS double precision)
              FROM search_sections s WHERE s.space_id = ANY(space_ids) AND ts_match_vq(s.document, query) LIMIT cap;
          ELSE
            RETURN QUERY SELECT s.id, s.space_id, s.page_id, s.anchor, CAST(ts_rank(weights, s.document, query) AS double precision)
              FROM search_sections s WHERE s.space_id = ANY(space_ids) AND s.document @@ query LIMIT cap;
          END IF;
        END
        $$`,
    orElse: () => Effect.void
  })
})
