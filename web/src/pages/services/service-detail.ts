/** Splits a title for the heading: its first word (highlighted) and the rest. */
export function splitFirstWord(title: string): [string, string] {
  const trimmed = title.trim();
  const space = trimmed.indexOf(' ');
  return space === -1 ? [trimmed, ''] : [trimmed.slice(0, space), trimmed.slice(space + 1)];
}

/** The gallery: its own images, or the main image repeated galleryCount times. */
export function galleryImages<T>(entry: { hasGallery: boolean; galleryCount: number; gallery: T[]; image: T | null }): (T | null)[] {
  if (entry.hasGallery) return entry.gallery;
  return Array.from({ length: entry.galleryCount }, () => entry.image);
}
