import type { Change, Conflicted, ContentValue, EntryId, EntryList, ErrorAnswer, FileList, History, Options, PublishAnswer, PublishRequest, Refused, SaveRequest, Saved, Undone, UndoRequest, Uploaded } from './api.gen';
import type { SaveResult, UndoResult, UploadResult } from './api-types';

/** The per-run token that `sitegen serve` writes into the editor's page. */
const token = () => document.querySelector<HTMLMetaElement>('meta[name="sitegen-edit-token"]')?.content ?? '';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('X-Sitegen-Edit-Token', token());
  let response: Response;
  try {
    response = await fetch(`/_edit/api/${path}`, { ...init, headers, cache: 'no-store' });
  } catch {
    throw new ApiError('The editor cannot reach sitegen serve. Is it still running?', 0);
  }
  return response;
}

/** The error of a refused request, from its answer's body (null when it has none). */
const refusal = (response: Response, body: Partial<ErrorAnswer> | null) =>
  new ApiError(body?.error?.message ?? `The server answered ${response.status} ${response.statusText}.`, response.status);

async function failure(response: Response): Promise<ApiError> {
  return refusal(response, (await response.json().catch(() => null)) as Partial<ErrorAnswer> | null);
}

async function publishAnswer(response: Response): Promise<PublishAnswer> {
  if (!response.ok && response.status !== 409) throw await failure(response);
  const body = (await response.json()) as PublishAnswer | ErrorAnswer;
  if ('error' in body) throw refusal(response, body);
  return body;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await call(path);
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

const query = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([key, value]) => [key, String(value)]));

export const api = {
  files: () => getJson<FileList>('files').then((answer) => answer.files),
  entries: (path: string) => getJson<EntryList>(`entries?${query({ path })}`),
  entry: (path: string, id: EntryId) => getJson<ContentValue>(`entry?${query({ path, id })}`),
  file: (path: string) => getJson<ContentValue>(`file?${query({ path })}`),
  options: () => getJson<Options>('options'),
  /** An entry's versions (a whole document's without `id`), newest first. */
  history: (path: string, id?: EntryId) => getJson<History>(`history?${query(id === undefined ? { path } : { path, id })}`),

  /** What a publish would send now (nothing is sent), or why it cannot (a 409 with the refusal). */
  async publishPlan(): Promise<PublishAnswer> {
    return publishAnswer(await call('publish'));
  },

  /** Publishes; a refusal (409) is an answer too, with its code and what to do. */
  async publish(request: PublishRequest): Promise<PublishAnswer> {
    return publishAnswer(
      await call('publish', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      }),
    );
  },

  async save(path: string, changes: Change[]): Promise<SaveResult> {
    const response = await call('save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path, changes } satisfies SaveRequest),
    });
    if (response.status === 422) {
      const body = (await response.json()) as Refused;
      return { status: 'refused', problems: body.problems };
    }
    if (response.status === 409) {
      // A 409 without conflicts: the file changed while it was being written.
      const body = (await response.json()) as Conflicted | ErrorAnswer;
      if ('conflicts' in body) return { status: 'conflict', conflicts: body.conflicts };
      throw refusal(response, body);
    }
    if (!response.ok) throw await failure(response);
    const body = (await response.json()) as Saved;
    return { status: 'saved', written: body.written, revision: body.revision, warnings: body.warnings, other_warnings: body.other_warnings };
  },

  /** Restores the file as it was before this run's last save of it; `refused` when that would leave errors. */
  async undo(path: string): Promise<UndoResult> {
    const response = await call('undo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path } satisfies UndoRequest),
    });
    if (response.status === 422) return { status: 'refused', problems: ((await response.json()) as Refused).problems };
    if (!response.ok) throw await failure(response);
    return { status: 'undone', revision: ((await response.json()) as Undone).revision };
  },

  /** Uploads into content/media: `exists` when the name is taken and `overwrite` is false. */
  async upload(file: File, overwrite: boolean): Promise<UploadResult> {
    const response = await call(`upload?${query({ name: file.name, overwrite: String(overwrite) })}`, {
      method: 'POST',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    });
    if (response.status === 409) return { status: 'exists' };
    if (!response.ok) throw await failure(response);
    return { status: 'uploaded', path: ((await response.json()) as Uploaded).path };
  },
};

/** The URL of a file of content/media for a thumbnail or a link: with the token, which an `<img>` cannot send as a header. */
export const mediaUrl = (path: string) => `/_edit/${path.split('/').map(encodeURIComponent).join('/')}?${new URLSearchParams({ token: token() })}`;

