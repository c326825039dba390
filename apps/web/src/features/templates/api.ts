/** Templates and tournaments over HTTP (SPEC §7), each response checked against the shared schema. */
import type {
  FinalResults,
  MaybeTemplate,
  MyTemplates,
  Template,
  TemplateList,
  TemplateSizes,
  TournamentLeaderboard,
  TournamentPeriods,
  UserResults,
} from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { checked, getParsed } from '../../api/useHttp.ts';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

const UNEXPECTED = 'Unexpected response';

export type TemplateKind = 'personal' | 'tournament';

export const templatesApi = {
  world: (http: HttpClient, signal?: AbortSignal): Promise<MaybeTemplate> =>
    getParsed(http, '/image/template/world', (s) => s.maybeTemplateResponse, opts(signal)),
  referred: (http: HttpClient, signal?: AbortSignal): Promise<MaybeTemplate> =>
    getParsed(http, '/image/template/referred', (s) => s.maybeTemplateResponse, opts(signal)),
  my: (http: HttpClient, signal?: AbortSignal): Promise<MyTemplates> =>
    getParsed(http, '/image/template/my', (s) => s.myTemplatesResponse, opts(signal)),
  sizes: (http: HttpClient, userId: number, signal?: AbortSignal): Promise<TemplateSizes> =>
    getParsed(http, `/image/template/sizes/${userId}`, (s) => s.templateSizesResponse, opts(signal)),
  /** One template by id; the previous request of the caller is cancelled through `signal`. */
  get: (http: HttpClient, kind: TemplateKind, id: number, signal?: AbortSignal): Promise<Template> =>
    getParsed(
      http,
      kind === 'tournament' ? `/tournament/template/${id}` : `/image/template/${id}`,
      (s) => s.templateSchema,
      opts(signal),
    ),
  list: (http: HttpClient, offset: number, limit: number, signal?: AbortSignal): Promise<TemplateList> =>
    getParsed(http, '/image/template/list', (s) => s.templateListResponse, {
      query: { limit, offset },
      ...opts(signal),
    }),
  subscribe(http: HttpClient, kind: TemplateKind, id: number): Promise<Template> {
    const path =
      kind === 'tournament' ? `/tournament/template/subscribe/${id}` : `/image/template/subscribe/${id}`;
    return checked((s) => s.templateSchema, http.put<unknown>(path), UNEXPECTED);
  },
  /** SPEC §5: a raw binary body, posX / posY headers only when non-empty. */
  upload(
    http: HttpClient,
    kind: TemplateKind,
    body: Blob | ArrayBuffer | Uint8Array,
    pos: { x: number | null; y: number | null },
  ): Promise<Template> {
    const headers: Record<string, string> = {};
    if (pos.x !== null && String(pos.x) !== '') headers.posX = String(pos.x);
    if (pos.y !== null && String(pos.y) !== '') headers.posY = String(pos.y);
    const path = kind === 'tournament' ? '/tournament/template/upload' : '/image/template/upload';
    return checked((s) => s.templateSchema, http.post<unknown>(path, body, { headers }), UNEXPECTED);
  },
};

export const tournamentApi = {
  periods: (http: HttpClient, signal?: AbortSignal): Promise<TournamentPeriods> =>
    getParsed(http, '/tournament/periods', (s) => s.tournamentPeriodsResponse, opts(signal)),
  list: (http: HttpClient, offset: number, limit: number, signal?: AbortSignal): Promise<TemplateList> =>
    getParsed(http, '/tournament/template/list', (s) => s.templateListResponse, {
      query: { limit, offset },
      ...opts(signal),
    }),
  random: (http: HttpClient, limit: number, signal?: AbortSignal): Promise<TemplateList> =>
    getParsed(http, '/tournament/template/list/random', (s) => s.templateListResponse, {
      query: { limit },
      ...opts(signal),
    }),
  mySubscription: (http: HttpClient, signal?: AbortSignal): Promise<MaybeTemplate> =>
    getParsed(http, '/tournament/template/subscribe/my', (s) => s.maybeTemplateResponse, opts(signal)),
  leaderboard: (
    http: HttpClient,
    offset: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<TournamentLeaderboard> =>
    getParsed(http, '/tournament/templates/leaderboard', (s) => s.tournamentLeaderboardResponse, {
      query: { limit, offset },
      ...opts(signal),
    }),
  finalResults: (
    http: HttpClient,
    offset: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<FinalResults> =>
    getParsed(http, '/tournament/results/final', (s) => s.finalResultsResponse, {
      query: { limit, offset },
      ...opts(signal),
    }),
  userResults: (http: HttpClient, signal?: AbortSignal): Promise<UserResults> =>
    getParsed(http, '/tournament/user/results', (s) => s.userResultsResponse, opts(signal)),
};
