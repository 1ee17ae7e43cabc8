import { mkdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isStage, type Carousel } from './carousel.js';
import { sampleCarousel } from './sample-carousel.js';

/** The ids the page may use: the same rule as the agent's session ids, since a carousel and its chat share one. */
const CAROUSEL_ID = /^[A-Za-z0-9._:-]{1,200}$/;

export function isCarouselId(id: string): boolean {
  return CAROUSEL_ID.test(id) && id !== '.' && id !== '..';
}

/**
 * The carousels, one JSON file each in `dir`, held in memory once read. Every change (a tool, a stage click,
 * a page button) mutates the one in-memory object, so a stage click during a slow tool never overwrites what
 * the tool wrote, or the other way round. Reads are synchronous because tool availability is decided
 * synchronously; writes are queued per carousel and replace the file atomically (temporary file + rename).
 */
export class CarouselStore {
  private readonly carousels = new Map<string, Carousel>();
  private readonly writes = new Map<string, Promise<void>>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** The carousel with this id; a new one (the sample) when it has never been saved. */
  get(id: string): Carousel {
    if (!isCarouselId(id)) throw new Error(`Invalid carousel id "${id}"`);
    let carousel = this.carousels.get(id);
    if (!carousel) {
      carousel = this.readFile(id) ?? sampleCarousel(id);
      this.carousels.set(id, carousel);
    }
    return carousel;
  }

  /** Persist the carousel's current in-memory state. Resolves once this state (or a later one) is on disk. */
  save(id: string): Promise<void> {
    const carousel = this.get(id);
    carousel.updatedAt = new Date().toISOString();
    const previous = this.writes.get(id) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        await mkdir(this.dir, { recursive: true });
        const path = this.path(id);
        const temporary = `${path}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify(carousel, null, 2));
        await rename(temporary, path);
      });
    this.writes.set(id, next);
    void next.finally(() => {
      if (this.writes.get(id) === next) this.writes.delete(id);
    }).catch(() => undefined);
    return next;
  }

  /** A deep copy, for the agent's undo snapshot and for the page. */
  snapshot(id: string): Carousel {
    return structuredClone(this.get(id));
  }

  /**
   * Put a snapshot back (undo) and persist it. The snapshot is our own JSON, but it came back through a store.
   * The settings stay as they are now: the user chose them, the agent's undo has no business with them.
   */
  async restore(id: string, snapshot: unknown): Promise<Carousel> {
    if (!isCarouselJson(snapshot) || snapshot.id !== id) throw new Error('The undo snapshot is not a carousel of this session');
    const restored = { ...structuredClone(snapshot), language: this.get(id).language };
    this.carousels.set(id, restored);
    await this.save(id);
    return structuredClone(restored);
  }

  private path(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private readFile(id: string): Carousel | undefined {
    let text: string;
    try {
      text = readFileSync(this.path(id), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const parsed: unknown = JSON.parse(text);
    if (!isCarouselJson(parsed)) throw new Error(`${this.path(id)} is not a carousel`);
    return parsed;
  }
}

function isCarouselJson(value: unknown): value is Carousel {
  const candidate = value as Partial<Carousel> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.id === 'string' &&
    isStage(candidate.stage) &&
    typeof candidate.draft === 'string' &&
    Array.isArray(candidate.slides) &&
    Array.isArray(candidate.styleProposals)
  );
}
