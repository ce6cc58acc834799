import type { Change, ContentFile, EntryId, EntryList, Options, Problem, SaveResult, Conflict } from './api-types';
import type { JsonObject } from './json';

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

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return new ApiError(body?.error?.message ?? `The server answered ${response.status} ${response.statusText}.`, response.status);
}

async function getJson<T>(path: string): Promise<T> {
  const response = await call(path);
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

const query = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([key, value]) => [key, String(value)]));

export const api = {
  files: () => getJson<{ files: ContentFile[] }>('files').then((answer) => answer.files),
  entries: (path: string) => getJson<EntryList>(`entries?${query({ path })}`),
  entry: (path: string, id: EntryId) => getJson<{ revision: string; value: JsonObject; route: string | null }>(`entry?${query({ path, id })}`),
  file: (path: string) => getJson<{ revision: string; value: JsonObject; route?: string | null }>(`file?${query({ path })}`),
  options: () => getJson<Options>('options'),

  async save(path: string, revision: string, changes: Change[]): Promise<SaveResult> {
    const response = await call('save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path, revision, changes }),
    });
    if (response.status === 422) {
      const body = (await response.json()) as { problems: Problem[] };
      return { status: 'refused', problems: body.problems };
    }
    if (response.status === 409) {
      const body = (await response.json()) as { conflicts?: Conflict[] };
      if (body.conflicts) return { status: 'conflict', conflicts: body.conflicts };
      throw await failure(response);
    }
    if (!response.ok) throw await failure(response);
    const body = (await response.json()) as { written: boolean; revision: string; warnings?: Problem[] };
    return { status: 'saved', written: body.written, revision: body.revision, warnings: body.warnings ?? [] };
  },

  /** Restores the file as it was before this run's last save of it; `refused` when that would leave errors. */
  async undo(path: string): Promise<{ status: 'undone'; revision: string } | { status: 'refused'; problems: Problem[] }> {
    const response = await call('undo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path }),
    });
    if (response.status === 422) return { status: 'refused', problems: ((await response.json()) as { problems: Problem[] }).problems };
    if (!response.ok) throw await failure(response);
    return { status: 'undone', revision: ((await response.json()) as { revision: string }).revision };
  },

  /** Uploads into content/media: `exists` when the name is taken and `overwrite` is false. */
  async upload(file: File, overwrite: boolean): Promise<{ status: 'uploaded'; path: string } | { status: 'exists' }> {
    const response = await call(`upload?${query({ name: file.name, overwrite: String(overwrite) })}`, {
      method: 'POST',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    });
    if (response.status === 409) return { status: 'exists' };
    if (!response.ok) throw await failure(response);
    return { status: 'uploaded', path: ((await response.json()) as { path: string }).path };
  },
};

/** The URL of a file of content/media for a thumbnail or a link. */
export const mediaUrl = (path: string) => `/_edit/${path.split('/').map(encodeURIComponent).join('/')}`;

