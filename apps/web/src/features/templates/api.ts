/** Templates and tournaments over HTTP (SPEC §7), each response checked against the shared schema. */
import {
  type FinalResults,
  finalResultsResponse,
  type MaybeTemplate,
  type MyTemplates,
  maybeTemplateResponse,
  myTemplatesResponse,
  type Template,
  type TemplateList,
  type TemplateSizes,
  type TournamentLeaderboard,
  type TournamentPeriods,
  templateListResponse,
  templateSchema,
  templateSizesResponse,
  tournamentLeaderboardResponse,
  tournamentPeriodsResponse,
  type UserResults,
  userResultsResponse,
} from '@pixel-wall/shared';
import { ApiError, type HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

function parsed<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  v: unknown,
): T {
  const r = schema.safeParse(v);
  if (!r.success) throw new ApiError(200, 'BAD_RESPONSE', 'Unexpected response');
  return r.data;
}

export type TemplateKind = 'personal' | 'tournament';

export const templatesApi = {
  world: (http: HttpClient, signal?: AbortSignal): Promise<MaybeTemplate> =>
    getParsed(http, '/image/template/world', maybeTemplateResponse, opts(signal)),
  referred: (http: HttpClient, signal?: AbortSignal): Promise<MaybeTemplate> =>
    getParsed(http, '/image/template/referred', maybeTemplateResponse, opts(signal)),
  my: (http: HttpClient, signal?: AbortSignal): Promise<MyTemplates> =>
    getParsed(http, '/image/template/my', myTemplatesResponse, opts(signal)),
  sizes: (http: HttpClient, userId: number, signal?: AbortSignal): Promise<TemplateSizes> =>
    getParsed(http, `/image/template/sizes/${userId}`, templateSizesResponse, opts(signal)),
  /** One template by id; the previous request of the caller is cancelled through `signal`. */
  get: (http: HttpClient, kind: TemplateKind, id: number, signal?: AbortSignal): Promise<Template> =>
    getParsed(
      http,
      kind === 'tournament' ? `/tournament/template/${id}` : `/image/template/${id}`,
      templateSchema,
      opts(signal),
    ),
  list: (http: HttpClient, offset: number, limit: number, signal?: AbortSignal): Promise<TemplateList> =>
    getParsed(http, '/image/template/list', templateListResponse, {
      query: { limit, offset },
      ...opts(signal),
    }),
  async subscribe(http: HttpClient, kind: TemplateKind, id: number): Promise<Template> {
    const path =
      kind === 'tournament' ? `/tournament/template/subscribe/${id}` : `/image/template/subscribe/${id}`;
    return parsed(templateSchema, await http.put<unknown>(path));
  },
  /** SPEC §5: a raw binary body, posX / posY headers only when non-empty. */
  async upload(
    http: HttpClient,
    kind: TemplateKind,
    body: Blob | ArrayBuffer | Uint8Array,
    pos: { x: number | null; y: number | null },
  ): Promise<Template> {
    const headers: Record<string, string> = {};
    if (pos.x !== null && String(pos.x) !== '') headers.posX = String(pos.x);
    if (pos.y !== null && String(pos.y) !== '') headers.posY = String(pos.y);
    const path = kind === 'tournament' ? '/tournament/template/upload' : '/image/template/upload';
    return parsed(templateSchema, await http.post<unknown>(path, body, { headers }));
  },
};

export const tournamentApi = {
  periods: (http: HttpClient, signal?: AbortSignal): Promise<TournamentPeriods> =>
    getParsed(http, '/tournament/periods', tournamentPeriodsResponse, opts(signal)),
  list: (http: HttpClient, offset: number, limit: number, signal?: AbortSignal): Promise<TemplateList> =>
    getParsed(http, '/tournament/template/list', templateListResponse, {
      query: { limit, offset },
      ...opts(signal),
    }),
  random: (http: HttpClient, limit: number, signal?: AbortSignal): Promise<TemplateList> =>
    getParsed(http, '/tournament/template/list/random', templateListResponse, {
      query: { limit },
      ...opts(signal),
    }),
  mySubscription: (http: HttpClient, signal?: AbortSignal): Promise<MaybeTemplate> =>
    getParsed(http, '/tournament/template/subscribe/my', maybeTemplateResponse, opts(signal)),
  leaderboard: (
    http: HttpClient,
    offset: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<TournamentLeaderboard> =>
    getParsed(http, '/tournament/templates/leaderboard', tournamentLeaderboardResponse, {
      query: { limit, offset },
      ...opts(signal),
    }),
  finalResults: (
    http: HttpClient,
    offset: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<FinalResults> =>
    getParsed(http, '/tournament/results/final', finalResultsResponse, {
      query: { limit, offset },
      ...opts(signal),
    }),
  userResults: (http: HttpClient, signal?: AbortSignal): Promise<UserResults> =>
    getParsed(http, '/tournament/user/results', userResultsResponse, opts(signal)),
};
