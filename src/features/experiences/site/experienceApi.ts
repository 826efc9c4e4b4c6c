/** The public read of one experience (GET /api/experiences/{slugOrId}). */
export interface PublicImage {
  id: string;
  url: string;
  thumbUrl: string;
}

export interface PublicExperience {
  _id: string;
  title: string;
  slug: string;
  /** Sanitized by the server before it is stored. */
  description: string;
  tags: string[];
  images: PublicImage[];
  createdAt: string;
}

export type ExperienceResult = { kind: 'ok'; item: PublicExperience } | { kind: 'missing' } | { kind: 'error' };

/** 404 (unknown or under review) is 'missing'; anything else that fails is 'error' (worth a retry). */
export async function fetchExperience(key: string, signal?: AbortSignal): Promise<ExperienceResult> {
  try {
    const res = await fetch(`/api/experiences/${encodeURIComponent(key)}`, { signal, headers: { Accept: 'application/json' } });
    if (res.status === 404 || res.status === 400) return { kind: 'missing' };
    if (!res.ok) return { kind: 'error' };
    return { kind: 'ok', item: (await res.json()) as PublicExperience };
  } catch {
    return { kind: 'error' };
  }
}
